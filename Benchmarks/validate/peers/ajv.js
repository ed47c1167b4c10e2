#!/usr/bin/env node
// Times ajv on one file: JSON.parse + validate, in process.
//
// usage: node ajv.js SCHEMA FILE RUNS
// Prints one JSON line: {"tool": ..., "version": ..., "draft": ..., "times": [seconds], "valid": bool}.
// Uses ajv's 2020-12 class (require('ajv/dist/2020')) when the installed ajv has it (v8+);
// Debian 12 ships ajv 6, which knows draft-07: the schema then goes in without "$schema"
// (every keyword it uses means the same in draft-07; "$ref": "#/$defs/..." is a JSON pointer).
'use strict';
const fs = require('fs');

const [schemaPath, filePath, runsText] = process.argv.slice(2);
const runs = parseInt(runsText, 10);
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));

let ajv;
let draft;
let version = 'unknown';
try { version = require('ajv/package.json').version; } catch (e) { /* older layouts */ }
try {
  const Ajv2020 = require('ajv/dist/2020');
  ajv = new (Ajv2020.default || Ajv2020)({ allErrors: false });
  draft = '2020-12';
} catch (e) {
  const Ajv = require('ajv');
  ajv = new Ajv({ allErrors: false });
  delete schema.$schema;
  draft = 'draft-07';
}
const validate = ajv.compile(schema);
// Read as a string once, untimed, like the other tools read bytes once.
const text = fs.readFileSync(filePath, 'utf8');
const times = [];
let valid = true;
for (let i = 0; i < runs; i++) {
  const start = process.hrtime.bigint();
  const instance = JSON.parse(text);
  const ok = validate(instance);
  times.push(Number(process.hrtime.bigint() - start) / 1e9);
  valid = valid && ok;
}
console.log(JSON.stringify({ tool: 'ajv', version, draft, times, valid }));
