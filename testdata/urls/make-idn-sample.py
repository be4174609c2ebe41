#!/usr/bin/env python3
"""Writes idn-sample.txt: 2,000 synthetic URLs of the kind a crawler of small shops stores.

Deterministic: the same seed gives the same file, byte for byte, on any Python 3.
    testdata/urls/make-idn-sample.py > testdata/urls/idn-sample.txt
    testdata/urls/make-idn-sample.py --check testdata/urls/idn-sample.txt

Hosts in Korean, Japanese, Chinese, Cyrillic, Arabic and German (umlauts, ß), plus ASCII,
already-punycoded, upper-case, ideographic-full-stop and trailing-dot hosts; about 12% without a
scheme and 8% with an upper or mixed-case scheme; paths with spaces, accents, CJK, already
percent-encoded bytes (upper and lower case hex), encoded unreserved characters, dot segments, `+`
and characters that must be encoded ("<>|{}^\\`); about 55% with a UTF-8 query, 15% with a
fragment, and about 1% malformed on purpose (bad percent escapes, empty or spaced hosts, bad ports).
"""

import random
import sys

SEED = 20240611
COUNT = 2000

LABELS = {
    "ko": ["나나커피로스터스", "커피", "로스터스", "원두상점", "부산상점", "카페", "커피로스터스"],
    "ja": ["コーヒー", "焙煎所", "珈琲店", "まめや", "喫茶"],
    "zh": ["茶叶", "茶叶中国", "商店", "例子", "咖啡"],
    "ru": ["кофе", "обжарка", "пример-зерно", "россия", "магазин"],
    "ar": ["محمصة", "مثال", "عربي", "موقع", "قهوة"],
    "de": ["köln", "müller-kaffee", "straße", "rösterei", "öl", "bäckerei"],
    "ascii": ["example", "coffee", "store", "shop", "roastery", "beans"],
}
TLDS = {
    "ko": ["com", "kr", "한국", "net"],
    "ja": ["jp", "com", "net", "コム"],
    "zh": ["cn", "中国", "公司", "com"],
    "ru": ["рф", "рус", "com", "ru"],
    "ar": ["مصر", "امارات", "com", "net"],
    "de": ["de", "at", "ch", "com"],
    "ascii": ["com", "org", "net", "io", "co.uk"],
}
SUBDOMAINS = ["", "", "", "www.", "m.", "shop.", "blog."]
SEGMENTS = [
    "products", "ethiopia", "natural-process", "café colombia", "crème-brûlée", "smörgåsbord",
    "Äpfel", "naïve", "商品一覧", "产品", "日本語のページ", "новости", "원두", "cold brew",
    "new arrivals", "my file.pdf", "a+b", "a.b", "Assets", "blog", "search", "100%25",
    "%D0%BA%D0%BE%D1%84%D0%B5", "%e3%82%b3%e3%83%bc%e3%83%92%e3%83%bc", "caf%C3%A9",
    "%7Euser", "%41%42c", "..", ".", "quote\"d", "back`tick", "caret^", "pipe|x", "{brace}",
    "<angle>", "back\\slash", "index.html",
]
QUERY_KEYS = ["q", "id", "name", "city", "lang", "page", "sort", "ref", "utm_source",
              "utm_medium", "b", "a", "поиск", "名前", "이름"]
QUERY_VALUES = ["café", "Zürich", "コーヒー", "커피 원두", "кофе москва", "ÄÖÜ ß", "1", "123",
                "a%20b", "x+y", "desc", "email", "newsletter", "", "a=b", "caf%C3%A9"]
FRAGMENTS = ["section", "top", "a b", "中文", "é", "", "/route"]
MALFORMED = [
    "https://exa mple.{tld}/broken", "http:///nohost", "https://{host}:99999/x",
    "https://{host}/percent%zz/x", "https://{host}:port/x", "https://[::1/x",
    "https://{host}/%E0%A4%A/x", "https:// {host}/x",
]


def punycode_label(label: str) -> str:
    return "xn--" + label.encode("punycode").decode("ascii")


def host(rng: random.Random) -> str:
    script = rng.choice(list(LABELS))
    name = rng.choice(LABELS[script])
    tld = rng.choice(TLDS[script])
    sub = rng.choice(SUBDOMAINS)
    roll = rng.random()
    if script != "ascii" and roll < 0.08:
        name = punycode_label(name)
    elif roll < 0.16:
        name, tld = name.upper(), tld.upper()
    text = f"{sub}{name}.{tld}"
    if roll > 0.97:
        text = text.replace(".", "。", 1)
    elif roll > 0.94:
        text += "."
    return text


def path(rng: random.Random) -> str:
    count = rng.choice([0, 1, 1, 2, 2, 3, 4])
    parts = [rng.choice(SEGMENTS) for _ in range(count)]
    text = "/" + "/".join(parts)
    if parts and rng.random() < 0.2:
        text += "/"
    return text if count or rng.random() < 0.6 else ""


def query(rng: random.Random) -> str:
    pairs = []
    for _ in range(rng.randint(1, 4)):
        key = rng.choice(QUERY_KEYS)
        pairs.append(key if rng.random() < 0.08 else f"{key}={rng.choice(QUERY_VALUES)}")
    return "?" + "&".join(pairs)


def url(rng: random.Random) -> str:
    if rng.random() < 0.01:
        return rng.choice(MALFORMED).format(host=host(rng), tld="com")
    roll = rng.random()
    if roll < 0.12:
        scheme = ""
    elif roll < 0.20:
        scheme = rng.choice(["HTTPS://", "Http://", "HTTP://", "hTTps://"])
    else:
        scheme = rng.choice(["https://", "https://", "https://", "http://"])
    userinfo = rng.choice(["user:pass@", "a%40b:p%3Aw@"]) if rng.random() < 0.02 else ""
    text = scheme + userinfo + host(rng) + path(rng)
    if rng.random() < 0.55:
        text += query(rng)
    if rng.random() < 0.15:
        text += "#" + rng.choice(FRAGMENTS)
    return text


def lines() -> str:
    rng = random.Random(SEED)
    return "".join(url(rng) + "\n" for _ in range(COUNT))


def main() -> int:
    text = lines()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2], encoding="utf-8", newline="") as handle:
            if handle.read() != text:
                print(f"{sys.argv[2]} differs from what this generator writes", file=sys.stderr)
                return 1
        return 0
    if len(sys.argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    sys.stdout.buffer.write(text.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
