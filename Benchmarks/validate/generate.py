#!/usr/bin/env python3
"""Deterministic generator of large answers shaped like the seed's Root<MenuItem>.

The output is pretty-printed like the recorded answer (Mocks/__files/hanyang-menu.json):
four-space indentation, `"key": value`, raw UTF-8 (Korean menu names are not \\u-escaped),
keys in a different order in every item.

Variants:
  valid  every item conforms to Contracts/hanyang-menu.json: all eight keys present,
         MENU_ID2 a string, ACT_URL a string or null, HOCHUL_GB one of L/U/A. This is what
         the peers (jsonschema-rs, ajv, ...) validate in the benchmark.
  drift  like the recorded answer: DEL_POSSIBLE_YN never sent, MENU_ID2 null where ACT_URL
         is set. Useful to time envelope's finding/grouping path; peers stop at "invalid".

Same arguments, same bytes: the generator uses its own seeded PRNG and no clock.

usage: generate.py --size BYTES [--variant valid|drift] [--seed N] OUTPUT
       (--size accepts suffixes: 1MB = 1,000,000 bytes, 50MB = 50,000,000 bytes)
"""

import argparse
import json
import random
import sys

KOREAN_MENUS = [
    "한양소개", "서울캠퍼스", "ERICA캠퍼스", "입학안내", "브레인한양", "발전기금", "주차관리",
    "도서관", "학교식단", "학사일정", "공지사항", "셔틀버스", "모바일 학생증", "강의실 안내",
    "장학 안내", "취업지원센터", "기숙사", "캠퍼스 지도", "동아리", "성적 조회", "수강신청",
    "국제처", "한양위키", "학생생활상담", "보건진료소", "LMS", "HY-in", "열람실 좌석",
]
ASCII_WORDS = [
    "sogae", "seoul", "campus", "erica", "iphak", "anne", "brain", "hanyang", "baljeon",
    "gigeum", "parking", "doseogwan", "haksik", "shuttle", "notice", "calendar", "library",
    "dorm", "map", "club", "grade", "course", "global", "health", "seat",
]
HOSTS = [
    "https://go.hanyang.ac.kr/new/mobile/main.html",
    "https://parking.hanyang.ac.kr/",
    "https://portal.hanyang.ac.kr/applink/lib.html",
    "https://www.hanyang.ac.kr/web/www/re1",
    "https://m.hanyang.ac.kr/",
]
KEYS = ["ACT_URL", "HOCHUL_GB", "ICON_NM", "MENU_NM", "MENU_SEQ", "MENU_ID", "MENU_ID2", "DEL_POSSIBLE_YN"]


def parse_size(text):
    text = text.strip().upper()
    for suffix, factor in (("GB", 10**9), ("MB", 10**6), ("KB", 10**3), ("B", 1)):
        if text.endswith(suffix):
            return int(float(text[: -len(suffix)]) * factor)
    return int(text)


def make_item(rng, seq, variant):
    words = rng.sample(ASCII_WORDS, rng.randint(1, 3))
    icon = "ic_" + "_".join(words) + "_" + rng.choice("lms")
    name = rng.choice(KOREAN_MENUS)
    roll = rng.random()
    if roll < 0.25:
        name = name + " " + str(seq)
    elif roll < 0.27:
        # A few escapes, as real answers have (quotes, tabs, an escaped slash or BMP char).
        name = name + rng.choice([' "new"', "\tbeta", " A/B", " \u2605", " \\ path"])
    url = None
    if rng.random() < 0.45:
        url = rng.choice(HOSTS)
        if rng.random() < 0.5:
            url += "?menu=" + str(seq) + "&lang=" + rng.choice(["ko", "en", "zh"])
    gb = "L" if url is None else rng.choice("UA")
    item = {
        "ACT_URL": url,
        "HOCHUL_GB": gb,
        "ICON_NM": icon,
        "MENU_NM": name,
        "MENU_SEQ": seq,
        "MENU_ID": str(900 + seq),
        "MENU_ID2": "M%06d" % rng.randrange(1_000_000),
        "DEL_POSSIBLE_YN": rng.choice("YN"),
    }
    if variant == "drift":
        del item["DEL_POSSIBLE_YN"]
        if url is not None:
            item["MENU_ID2"] = None
    keys = [k for k in KEYS if k in item]
    rng.shuffle(keys)
    return {k: item[k] for k in keys}


def item_text(item):
    # json.dumps(indent=4) of the item, re-indented to sit at depth 3 (inside result.list).
    text = json.dumps(item, indent=4, ensure_ascii=False)
    return "\n".join(" " * 12 + line for line in text.split("\n"))


def generate(size, variant, seed):
    rng = random.Random(seed)
    head_probe = '{\n    "result": {\n        "totalCount": %d,\n        "list": [\n'
    tail = (
        "\n        ]\n    },\n"
        '    "nowDate": {\n        "dd": "15",\n        "mm": "04",\n        "yoil": "5",\n        "yyyy": "2021"\n    },\n'
        '    "resultMessage": {\n        "service": "/COMM/A202100004",\n        "code": 200,\n        "msg": ""\n    }\n}'
    )
    items = []
    total = len((head_probe % 0).encode()) + len(tail.encode())
    seq = 0
    while True:
        seq += 1
        text = item_text(make_item(rng, seq, variant))
        cost = len(text.encode()) + (2 if items else 0)  # ",\n" between items
        if items and total + cost > size:
            break
        items.append(text)
        total += cost
    head = head_probe % len(items)
    return head + ",\n".join(items) + tail


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="1MB", help="target size in bytes (1MB = 10^6); the file is at most this large")
    parser.add_argument("--variant", choices=["valid", "drift"], default="valid")
    parser.add_argument("--seed", type=int, default=20210415)
    parser.add_argument("output", help="file to write ('-' for standard output)")
    args = parser.parse_args()
    text = generate(parse_size(args.size), args.variant, args.seed)
    data = text.encode("utf-8")
    if args.output == "-":
        sys.stdout.buffer.write(data)
    else:
        with open(args.output, "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
