import Foundation
import Testing
@testable import EnvelopeMock

/// Renders `template` for `request` as a templated stub would (fails the test when it does
/// not compile).
func render(_ template: String, _ request: MockRequest = MockRequest(method: "GET", target: "/"), pathTemplate: String? = nil,
            parameters: String = "{}", environment: TemplateEnvironment = TemplateEnvironment(hostname: "mock-host")) throws -> String {
    let compiled = try CompiledTemplate(template)
    let path = try pathTemplate.map { try PathTemplate.parse($0).get() }
    let parameterValue = TemplateValue(json: try JSONDocumentParsing.value(parameters))
    var evaluator = TemplateEvaluator(root: TemplateRequestModel.root(for: request, pathTemplate: path, parameters: parameterValue),
                                      environment: environment)
    return compiled.render(&evaluator)
}

import EnvelopeCore

enum JSONDocumentParsing {
    static func value(_ text: String) throws -> JSONValue { try JSONDocument.parse(text).root.value }
}

@Suite("Response templates: the request model")
struct TemplateRequestModelTests {
    let request = MockRequest(method: "POST", target: "/users/42/orders?tag=a&tag=b&q=x%20y",
                              headers: [MockHeader(name: "Host", value: "example.test:9000"), MockHeader(name: "X-Trace", value: "t1"),
                                        MockHeader(name: "x-trace", value: "t2"), MockHeader(name: "Cookie", value: "session=abc; theme=dark")],
                              body: Array(#"{"name": "Ann", "items": [{"id": 1}, {"id": 2}]}"#.utf8))

    @Test("url, path, segments, method, scheme, host, port and baseUrl come from the request")
    func basics() throws {
        let text = "{{request.url}}|{{request.path}}|{{request.pathSegments.[1]}}|{{request.path.[2]}}|{{request.method}}|"
            + "{{request.scheme}}|{{request.host}}|{{request.port}}|{{request.baseUrl}}"
        #expect(try render(text, request) == "/users/42/orders?tag&#x3D;a&amp;tag&#x3D;b&amp;q&#x3D;x%20y|/users/42/orders|42|orders|POST|"
                    + "http|example.test|9000|http://example.test:9000")
    }

    @Test("a query parameter sent twice renders as a list and takes .[n]; a single one renders as itself")
    func query() throws {
        #expect(try render("{{request.query.tag}}|{{request.query.tag.[1]}}|{{request.query.q}}|{{size request.query.tag}}", request)
                    == "[a, b]|b|x y|2")
    }

    @Test("headers are found in any case, repeats by index; cookies by name")
    func headersAndCookies() throws {
        #expect(try render("{{request.headers.x-trace}}|{{request.headers.X-TRACE.[1]}}|{{request.cookies.theme}}|{{request.headers.absent}}", request)
                    == "[t1, t2]|t2|dark|")
    }

    @Test("the body as text and base64, and jsonPath into it")
    func body() throws {
        #expect(try render("{{{request.body}}}", request) == #"{"name": "Ann", "items": [{"id": 1}, {"id": 2}]}"#)
        #expect(try render("{{request.bodyAsBase64}}", request) == Data(request.body).base64EncodedString().replacingOccurrences(of: "=", with: "&#x3D;"))
        #expect(try render("{{jsonPath request.body '$.name'}} {{jsonPath request.body '$.items[1].id'}} {{jsonPath request.body '$.items[*].id'}}",
                           request) == "Ann 2 [1,2]")
    }

    @Test("urlPathTemplate variables are request.path.NAME")
    func pathVariables() throws {
        #expect(try render("{{request.path.userId}}/{{request.path.kind}}", request, pathTemplate: "/users/{userId}/{kind}") == "42/orders")
    }

    @Test("parameters are the stub's transformerParameters")
    func parameters() throws {
        #expect(try render("{{parameters.greeting}} {{parameters.n}}", parameters: #"{"greeting": "hi", "n": 3}"#) == "hi 3")
    }

    @Test("request.id is a fresh UUID per answer")
    func requestID() throws {
        let first = try render("{{request.id}}"), second = try render("{{request.id}}")
        #expect(UUID(uuidString: first) != nil)
        #expect(first != second)
        let twice = try render("{{request.id}} {{request.id}}").split(separator: " ")
        #expect(twice.count == 2 && twice[0] == twice[1])
    }

    @Test("request.id is a version 4 UUID in lower case, as Java's UUID.randomUUID writes one")
    func requestIDForm() throws {
        let ids = try (0..<50).map { _ in try render("{{request.id}}") }
        for id in ids {
            #expect(id.range(of: "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", options: .regularExpression) != nil)
        }
        #expect(Set(ids).count == ids.count)
    }

    @Test("jsonPath over the body reads a definite path from the text: indices from the end, containers as JSON, default when absent")
    func definiteJSONPath() throws {
        #expect(try render("{{jsonPath request.body '$.items[-1].id'}}|{{jsonPath request.body '$.items[5].id' default='none'}}|"
                           + "{{jsonPath request.body '$.name.first' default='flat'}}|{{{jsonPath request.body '$.items[0]'}}}", request)
                    == "2|none|flat|{\n  \"id\" : 1\n}")
        let broken = MockRequest(method: "POST", target: "/", body: Array("{not json".utf8))
        #expect(try render("{{jsonPath request.body '$.a' default='fallback'}}", broken) == "fallback")
    }

    @Test("request itself renders and iterates as the whole model")
    func wholeModel() throws {
        let keys = try render("{{#each request}}{{@key}},{{/each}}", request)
        #expect(keys == "id,url,path,pathSegments,query,method,scheme,host,port,baseUrl,headers,cookies,body,bodyAsBase64,")
        #expect(try render("{{{request}}}", request).hasPrefix("{id="))
    }
}

@Suite("Response templates: Handlebars")
struct TemplateHandlebarsTests {
    let request = MockRequest(method: "GET", target: "/a?x=<b>&n=3")

    @Test("{{x}} escapes as Handlebars.java does; {{{x}}} and {{&x}} do not")
    func escaping() throws {
        #expect(try render("{{request.query.x}}|{{{request.query.x}}}|{{&request.query.x}}|{{'a&\"=`'}}", request)
                    == "&lt;b&gt;|<b>|<b>|a&amp;&quot;&#x3D;&#x60;")
    }

    @Test("#if, else if chains, #unless, and the comparison helpers")
    func conditions() throws {
        #expect(try render("{{#if request.query.x}}yes{{else}}no{{/if}}{{#unless request.query.zz}}!{{/unless}}", request) == "yes!")
        let chain = "{{#if (eq parameters.k 'a')}}A{{else if (eq parameters.k 'b')}}B{{else}}C{{/if}}"
        #expect(try render(chain, parameters: #"{"k": "b"}"#) == "B")
        #expect(try render(chain, parameters: #"{"k": "z"}"#) == "C")
        #expect(try render("{{eq 1 1}} {{neq 1 2}} {{ne 'a' 'a'}} {{gt 3 2}} {{gte 2 3}} {{lt 1 2}} {{lte 2 2}} {{and true 1}} {{or false 0}} {{not false}}")
                    == "true true false true false true true true false true")
        #expect(try render("{{#eq 2 2}}same{{else}}different{{/eq}}") == "same")
    }

    @Test("a request value is not equal to text, as in WireMock: compare its text with a helper")
    func requestValueEquality() throws {
        #expect(try render("{{eq request.query.n '3'}} {{eq (trim request.query.n) '3'}}", request) == "false true")
    }

    @Test("#each over lists and maps gives @index, @key, @first, @last and this")
    func each() throws {
        #expect(try render("{{#each (array 'a' 'b' 'c')}}{{@index}}{{this}}{{#if @first}}<{{/if}}{{#if @last}}>{{/if}},{{/each}}") == "0a<,1b,2c>,")
        #expect(try render("{{#each parameters}}{{@key}}={{this}};{{/each}}", parameters: #"{"a": 1, "b": "two"}"#) == "a=1;b=two;")
        #expect(try render("{{#each (array)}}x{{else}}empty{{/each}}") == "empty")
    }

    @Test("#with, lookup, parent paths and subexpressions")
    func scopes() throws {
        #expect(try render("{{#with parameters.user}}{{name}} of {{../parameters.team}}{{/with}}", parameters: #"{"user": {"name": "Ann"}, "team": "T"}"#)
                    == "Ann of T")
        #expect(try render("{{lookup parameters 'k'}} {{upper (lookup parameters 'k')}}", parameters: #"{"k": "v"}"#) == "v V")
    }

    @Test("comments render nothing; ~ strips the whitespace beside a tag; block lines keep their breaks")
    func whitespace() throws {
        #expect(try render("a{{! note }}b{{!-- has }} inside --}}c") == "abc")
        #expect(try render("x   {{~'y'~}}   z") == "xyz")
        #expect(try render("1\n{{#if true}}\n2\n{{/if}}\n3") == "1\n\n2\n\n3")
    }

    @Test("literals: strings in both quotes, numbers, booleans; hash arguments")
    func literals() throws {
        #expect(try render(#"{{'a'}}{{"b"}} {{math 2 '*' 1.5}} {{true}} {{randomValue length=4 type='NUMERIC'}}"#)
                    .range(of: "^ab 3.0 true [0-9]{4}$", options: .regularExpression) != nil)
    }
}

@Suite("Response templates: helpers")
struct TemplateHelperTests {
    @Test("string helpers")
    func strings() throws {
        #expect(try render("{{trim '  x '}}|{{upper 'ab'}}|{{lower 'AB'}}|{{capitalize 'ab cd'}}|{{replace 'abab' 'b' 'c'}}|{{substring 'abcdef' 1 3}}")
                    == "x|AB|ab|Ab Cd|acac|bc")
        #expect(try render("{{abbreviate 'abcdefghij' 6}}|{{defaultIfEmpty '' 'd'}}|{{size 'four'}}|{{contains 'abc' 'b'}}|{{matches 'abc' '[a-c]+'}}")
                    == "abc...|d|4|true|true")
        #expect(try render("{{split 'a,b' ','}}|{{join ',' (array 1 2)}}|{{join 'x' 'y' '-'}}") == "[a, b]|1,2|x-y")
        #expect(try render("{{regexExtract 'abc-123' '[0-9]+'}}|{{regexExtract 'k=v' '(\\w)=(\\w)' 'parts'}}{{parts.1}}") == "123|v")
    }

    @Test("base64, urlEncode and formData, both ways")
    func encodings() throws {
        #expect(try render("{{base64 'hello'}}|{{base64 'aGVsbG8=' decode=true}}|{{urlEncode 'a b&c'}}|{{urlEncode 'a+b%26c' decode=true}}")
                    == "aGVsbG8&#x3D;|hello|a+b%26c|a b&amp;c")
        let form = MockRequest(method: "POST", target: "/", body: Array("a=1&b=x%20y&a=2".utf8))
        #expect(try render("{{formData request.body 'f' urlDecode=true}}{{f.b}}|{{f.a.[1]}}", form) == "x y|2")
    }

    @Test("JSON helpers: parseJson, toJson, formatJson, jsonPath over a value")
    func json() throws {
        #expect(try render("{{#with (parseJson '{\"a\": {\"b\": [1, 2]}}')}}{{a.b.[1]}}{{/with}}") == "2")
        #expect(try render("{{{toJson (parseJson '{\"a\":[1,2]}')}}}") == "{\n  \"a\" : [ 1, 2 ]\n}")
        #expect(try render("{{{formatJson '{\"a\":1}' format='compact'}}}") == #"{"a":1}"#)
        #expect(try render("{{jsonPath (parseJson '{\"a\": {\"b\": 5}}') '$.a.b'}}") == "5")
    }

    @Test("dates: now with offset, format (epoch, unix, patterns) and timezone; parseDate; truncateDate")
    func dates() throws {
        #expect(try render("{{date (parseDate '2021-06-14T10:11:12Z') format='dd/MM/yyyy HH:mm'}}") == "14/06/2021 10:11")
        #expect(try render("{{date (parseDate '2021-06-14T10:11:12Z') offset='3 days' format='yyyy-MM-dd'}}") == "2021-06-17")
        #expect(try render("{{date (parseDate '2021-01-31T00:00:00Z') offset='1 months'}}") == "2021-02-28T00:00:00Z")
        #expect(try render("{{truncateDate (parseDate '2021-06-14T10:11:12Z') 'first day of month'}}") == "2021-06-01T00:00:00Z")
        #expect(try render("{{date (parseDate '14/06/2021' format='dd/MM/yyyy') format='epoch'}}") == "1623628800000")
        #expect(try render("{{date (parseDate '1623628800' format='unix') timezone='Asia/Tokyo' format='HH:mm'}}") == "09:00")
        let now = try render("{{now format='unix'}}")
        let seconds = try #require(Int(now))
        #expect(abs(Double(seconds) - Date().timeIntervalSince1970) < 3600)
        #expect(try render("{{now}}").range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression) != nil)
    }

    @Test("random values have the asked length, alphabet and case")
    func random() throws {
        let parts = try render("{{randomValue length=12 type='ALPHANUMERIC'}}|{{randomValue length=6 type='NUMERIC'}}|"
            + "{{randomValue length=8 type='HEXADECIMAL' uppercase=true}}|{{randomValue type='UUID'}}|{{randomInt lower=3 upper=5}}|"
            + "{{randomDecimal lower=1 upper=2}}|{{pickRandom 'a' 'b'}}").split(separator: "|").map(String.init)
        #expect(parts[0].range(of: "^[a-z0-9]{12}$", options: .regularExpression) != nil)
        #expect(parts[1].range(of: "^[0-9]{6}$", options: .regularExpression) != nil)
        #expect(parts[2].range(of: "^[0-9A-F]{8}$", options: .regularExpression) != nil)
        #expect(UUID(uuidString: parts[3]) != nil)
        #expect(["3", "4"].contains(parts[4]))
        #expect(Double(parts[5]).map { $0 >= 1 && $0 < 2 } == true)
        #expect(["a", "b"].contains(parts[6]))
    }

    @Test("random values differ between answers and between uses in one answer; upper case applies to UUIDs too")
    func randomDistinct() throws {
        let values = try (0..<200).map { _ in try render("{{randomValue length=12 type='ALPHANUMERIC'}}") }
        #expect(Set(values).count == values.count)
        let pair = try render("{{randomValue length=16}} {{randomValue length=16}}").split(separator: " ")
        #expect(pair.count == 2 && pair[0] != pair[1])
        let upper = try render("{{randomValue type='UUID' uppercase=true}}")
        #expect(upper.range(of: "^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$", options: .regularExpression) != nil)
    }

    @Test("range, array, math, val, assign, hostname")
    func values() throws {
        #expect(try render("{{range 1 4}}|{{array 1 'b'}}|{{math 1 '+' 2}}|{{math 5 '/' 2}}|{{math 3 '*' 0.5}}|{{math 7 '%' 4}}")
                    == "[1, 2, 3, 4]|[1, b]|3|3|1.5|3")
        #expect(try render("{{val parameters.none or='d'}}|{{val parameters.k default='d'}}|{{val 'x' assign='v'}}{{v}}", parameters: #"{"k": "k"}"#)
                    == "d|k|x")
        #expect(try render("{{#assign 'greeting'}}hi {{upper 'there'}}{{/assign}}[{{greeting}}]|{{hostname}}") == "[hi THERE]|mock-host")
    }

    @Test("systemValue reads only allowed variables; any other renders as WireMock's refusal")
    func systemValue() throws {
        let environment = TemplateEnvironment(allowed: ["ALLOWED": "yes", "UNSET": nil], hostname: "h")
        #expect(try render("{{systemValue key='ALLOWED'}}|{{systemValue key='UNSET' default='d'}}|{{systemValue key='HOME'}}", environment: environment)
                    == "yes|d|[ERROR: Access to HOME is denied]")
    }
}

@Suite("Response templates: compile errors")
struct TemplateSyntaxTests {
    @Test("a template that does not parse, or names an unknown helper, fails with the byte offset and what to do", arguments: [
        ("ab {{#if x}}", 3, "'{{#if}}' is not closed; add '{{/if}}'"),
        ("{{#if x}}{{/each}}", 9, "'{{/each}}' does not match '{{#if}}'; close it with '{{/if}}'"),
        ("x {{request.path", 2, "the tag '{{' is not closed; end it with '}}'"),
        ("{{nowz format='x'}}", 2, "unknown helper 'nowz'; did you mean 'now'? See docs/mocks.md for the helpers Envelope supports"),
        ("{{upper (shout 'a')}}", 9, "unknown helper 'shout'; see docs/mocks.md for the helpers Envelope supports"),
        ("{{jsonPath request.body '$.a[?(@.b <)]'}}", 2,
         "'$.a[?(@.b <)]' is not a supported JSONPath: expected a number, a quoted string, true, false or null at character 12; see docs/mocks.md for the subset"),
        ("{{else}}", 0, "'{{else}}' outside a block; use it between '{{#if ...}}' and '{{/if}}'"),
        ("{{upper 'a}}", 8, "the string is not closed; end it with '"),
        ("{\"a\": {{request.path}}}", 20, "'}}}' ends a '{{' tag; put a space before the last '}' (as in {\"a\": {{x}} })"),
        ("{{#}}x{{/}}", 3, "a block starts with a helper name, such as {{#if ...}} or {{#each ...}}"),
    ])
    func errors(text: String, offset: Int, reason: String) {
        #expect(throws: TemplateSyntaxError.self) { try CompiledTemplate(text) }
        do {
            _ = try CompiledTemplate(text)
        } catch {
            #expect(error.offset == offset)
            #expect(error.reason == reason)
        }
    }

    @Test("extreme arguments give an error text or nothing, never a crash")
    func extremes() throws {
        #expect(try render("{{range -9223372036854775807 9223372036854775807}}") == "[]")
        #expect(try render("{{now offset='9223372036854775807 weeks'}}").hasPrefix("[ERROR: Invalid offset"))
        #expect(try render("{{substring 'abc' -5 99}}|{{abbreviate 'abc' 2}}") == "abc|[ERROR: Minimum abbreviation width is 4]")
        // Found by Fuzz/template: Foundation's DateFormatter traps on such text.
        #expect(try render("{{parseDate '2021-06-14T\u{367}2}} lt !!0:11:12Z'}}").hasPrefix("[ERROR: Unable to parse the date"))
    }

    @Test("text without tags has no tags; \\{{ is a literal")
    func literalBraces() throws {
        #expect(!TemplateParser.hasTags("{ \"a\": {} }"))
        #expect(try render("\\{{x}} {{'y'}}") == "{{x}} y")
    }
}
