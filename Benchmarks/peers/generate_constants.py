#!/usr/bin/env python3
"""Searchlight's constants as a C++ header, read from the Swift sources, for the same-plan mirror.

    generate_constants.py SOURCES_DIR OUT.h [--check MIRROR.cpp]

Scans every *.swift file under SOURCES_DIR (not fixed paths: constants move between files), tracks
the type each declaration is in (`enum X {`, `struct X {`, `extension X {`, nested types), and
collects
  static let name(: Type)? = <number, integer expression, string or array of strings>
  static func name(_ x: String, …) -> String { "literal" + x + constant … }   (one line)
Each becomes a C++ name in namespace searchlight, nested like the Swift types:
  Ranking.feedbackPool          -> searchlight::Ranking::feedbackPool (constexpr std::int64_t)
  IndexTerms.titlePrefixPrefix  -> searchlight::IndexTerms::titlePrefixPrefix (constexpr const char *)
  IndexMetadata.prefixEntities  -> searchlight::IndexMetadata::prefixEntities(const std::string &)
Declarations of anything else (computed values, calls, interpolation) are left out, as are names
declared twice with different values (so a use of them fails to compile instead of picking one).

--check MIRROR.cpp: every `searchlight::A::b` (or `sl::A::b`, with `namespace sl = searchlight;`)
the mirror names must be generated, else this exits 1 naming the missing ones: a constant renamed
or removed in Swift breaks the mirror's build rather than leaving it on an old value.
"""

import ast
import os
import re
import sys

CPP_KEYWORDS = set("""alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t
char32_t class compl const constexpr const_cast continue decltype default delete do double dynamic_cast
else enum explicit export extern false float for friend goto if inline int long mutable namespace new
noexcept not not_eq nullptr operator or or_eq private protected public register reinterpret_cast return
short signed sizeof static static_assert static_cast struct switch template this thread_local throw true
try typedef typeid typename union unsigned using virtual void volatile wchar_t while xor xor_eq""".split())

# Swift type annotation -> C++ type of the constant.
INTEGER_TYPES = {
    "Int": "std::int64_t", "Int64": "std::int64_t", "Int32": "std::int32_t", "Int16": "std::int16_t",
    "Int8": "std::int8_t", "UInt": "std::uint64_t", "UInt64": "std::uint64_t", "UInt32": "std::uint32_t",
    "UInt16": "std::uint16_t", "UInt8": "std::uint8_t",
}
FLOAT_TYPES = {"Double": "double", "Float": "float", "CGFloat": "double"}
TYPE_KEYWORDS = ("enum", "struct", "class", "actor", "extension", "protocol")
NOT_TYPE_NAMES = {"func", "var", "let", "case", "in", "where", "init", "subscript", "static"}


def mask(text):
    """`text` with comments blanked and string contents replaced by 'x' (newlines kept), same length,
    so braces and declarations can be found by position; string literals are read from `text`."""
    out = list(text)
    i, n = 0, len(text)

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end
            for k in range(i + 3, end):
                if out[k] != "\n":
                    out[k] = "x"
            i = end + 3
        elif text[i] == '"':
            j, depth = i + 1, 0
            while j < n and text[j] != "\n":
                if text[j] == "\\":
                    if text.startswith("\\(", j):
                        depth += 1
                    j += 2
                    continue
                if depth:
                    depth += text[j] == "("
                    depth -= text[j] == ")"
                elif text[j] == '"':
                    break
                j += 1
            for k in range(i + 1, min(j, n)):
                out[k] = "x"
            i = j + 1
        else:
            i += 1
    return "".join(out)


SWIFT_ESCAPES = {"\\": "\\", '"': '"', "'": "'", "n": "\n", "t": "\t", "r": "\r", "0": "\0"}


def swift_string(literal):
    """The value of a one-line Swift string literal (with its quotes), or None if it interpolates."""
    m = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', literal)
    if not m or "\\(" in m.group(1):
        return None
    body, value, i = m.group(1), [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            value.append(c)
            i += 1
            continue
        e = body[i + 1]
        if e == "u":
            close = body.index("}", i)
            value.append(chr(int(body[i + 3:close], 16)))
            i = close + 1
            continue
        if e not in SWIFT_ESCAPES:
            return None
        value.append(SWIFT_ESCAPES[e])
        i += 2
    return "".join(value)


def cpp_string(value):
    out = []
    for ch in value.encode("utf-8"):
        c = chr(ch)
        if c in '"\\':
            out.append("\\" + c)
        elif 0x20 <= ch < 0x7F:
            out.append(c)
        else:
            out.append("\\%03o" % ch)  # octal: a following hex digit cannot extend it
    return '"' + "".join(out) + '"'


def number(expression):
    """An integer or floating-point literal, or an integer expression of literals (`64 * 1024`, `1 << 16`)."""
    try:
        tree = ast.parse(expression.strip(), mode="eval").body
    except SyntaxError:
        return None

    def value(node):
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            v = value(node.operand)
            return None if v is None else -v
        if isinstance(node, ast.BinOp):
            a, b = value(node.left), value(node.right)
            if a is None or b is None:
                return None
            if isinstance(node.op, ast.Add): return a + b
            if isinstance(node.op, ast.Sub): return a - b
            if isinstance(node.op, ast.Mult): return a * b
            if isinstance(node.op, (ast.LShift, ast.RShift)) and isinstance(a, int) and isinstance(b, int):
                return a << b if isinstance(node.op, ast.LShift) else a >> b
        return None

    return value(tree)


LET = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|internal|private|fileprivate|package|nonisolated)\s+)*"
                 r"static\s+let\s+(\w+)\s*(?::\s*([\w.<>\[\] ]+?))?\s*=\s*(.+?)\s*$")
FUNC = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|internal|private|fileprivate|package|nonisolated)\s+)*"
                  r"static\s+func\s+(\w+)\s*\(([^()]*)\)\s*->\s*String\s*\{(.*)\}\s*$")
TYPE_DECL = re.compile(r"\b(" + "|".join(TYPE_KEYWORDS) + r")\s+([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)")


def scan_file(path, found, functions):
    text = open(path, encoding="utf-8").read()
    stack = []  # one entry per open brace: the type path it opens, or None (a body, a closure)
    pending = None  # a type declared whose brace has not come yet

    def current():
        return next((entry for entry in reversed(stack) if entry is not None), ())

    for line, mline in zip(text.split("\n"), mask(text).split("\n")):
        if "static" in mline:
            code = line[:len(mline.rstrip())]  # without a trailing comment
            m = LET.match(code)
            if m:
                record_let(found, current(), m.group(1), m.group(2), m.group(3), path)
            f = FUNC.match(code)
            if f:
                functions.setdefault(current() + (f.group(1),), []).append((f.group(2), f.group(3).strip(), path))
        events = [(m.start(), tuple(m.group(2).split("."))) for m in TYPE_DECL.finditer(mline) if m.group(2) not in NOT_TYPE_NAMES]
        events += [(k, c) for k, c in enumerate(mline) if c in "{}"]
        for _, event in sorted(events, key=lambda e: e[0]):
            if isinstance(event, tuple):
                pending = event
            elif event == "{":
                stack.append(current() + pending if pending else None)
                pending = None
            elif stack:
                stack.pop()


def record_let(found, path_here, name, swift_type, rhs, source):
    swift_type = swift_type.strip() if swift_type else None
    key = path_here + (name,)
    cpp = None
    if rhs.startswith('"'):
        value = swift_string(rhs)
        if value is not None and swift_type in (None, "String"):
            cpp = ("constexpr const char *", cpp_string(value), value)
    elif rhs.startswith("["):
        item = r'"(?:[^"\\]|\\.)*"'
        items = re.findall(item, rhs)
        if items and re.fullmatch(r"\[\s*%s(?:\s*,\s*%s)*\s*,?\s*\]" % (item, item), rhs):
            values = [swift_string(item) for item in items]
            if None not in values:
                cpp = ("constexpr const char *const ", "{" + ", ".join(cpp_string(v) for v in values) + "}", tuple(values), "[]")
    else:
        value = number(rhs)
        if value is not None:
            if swift_type in INTEGER_TYPES and isinstance(value, int):
                cpp = ("constexpr " + INTEGER_TYPES[swift_type], str(value), value)
            elif swift_type in FLOAT_TYPES:
                cpp = ("constexpr " + FLOAT_TYPES[swift_type], repr(float(value)), float(value))
            elif swift_type is None:
                cpp = ("constexpr std::int64_t", str(value), value) if isinstance(value, int) else ("constexpr double", repr(value), value)
    if cpp is not None:
        found.setdefault(key, []).append(cpp + (source,) if len(cpp) == 4 else cpp + ("", source))


def translate_function(key, params, body, constants):
    """A one-line `static func` of String parameters returning a `+` of literals, parameters and
    String constants, as a C++ inline function; None for anything else."""
    names = []
    for param in [p.strip() for p in params.split(",") if p.strip()]:
        m = re.fullmatch(r"(?:\w+\s+)?(\w+)\s*:\s*String", param)
        if not m:
            return None
        names.append(m.group(1))
    parts = []
    for term in re.split(r"\s*\+\s*", body.strip()):
        if term.startswith('"'):
            value = swift_string(term)
            if value is None:
                return None
            parts.append("std::string(" + cpp_string(value) + ")")
        elif term in names:
            parts.append(term)
        elif re.fullmatch(r"(?:Self\.)?\w+(?:\.\w+)*", term):
            path = tuple(term.split("."))
            if path[0] == "Self":
                path = path[1:]
            candidates = [key[:-1] + path] + [path]
            target = next((c for c in candidates if c in constants and isinstance(constants[c][2], str)), None)
            if target is None:
                return None
            parts.append("std::string(searchlight::" + "::".join(target) + ")")
        else:
            return None
    if not parts:
        return None
    signature = ", ".join("const std::string &" + n for n in names)
    return "inline std::string %s(%s) { return %s; }" % (key[-1], signature, " + ".join(parts))


def scan(root):
    """Every constant and string function found under `root`: {path tuple: (cpp type, cpp value, value, suffix, file)}
    and {path tuple: cpp definition}; names declared twice with different values are left out."""
    found, functions = {}, {}
    for directory, subdirectories, files in os.walk(root):
        subdirectories.sort()
        for name in sorted(files):
            if name.endswith(".swift"):
                scan_file(os.path.join(directory, name), found, functions)
    constants, conflicts = {}, []
    for key, declarations in found.items():
        if any(part in CPP_KEYWORDS for part in key):
            continue
        if len({d[:4] for d in declarations}) == 1:
            constants[key] = declarations[0]
        else:
            conflicts.append(key)
    defined = {}
    for key, declarations in functions.items():
        if key in constants or key[-1] in CPP_KEYWORDS or len(declarations) != 1:
            continue
        params, body, source = declarations[0]
        cpp = translate_function(key, params, body, constants)
        if cpp:
            defined[key] = (cpp, source)
    return constants, defined, conflicts


def header(root, constants, functions, conflicts):
    tree = {}
    for key in list(constants) + list(functions):
        node = tree
        for part in key[:-1]:
            node = node.setdefault(part, {})
        node.setdefault(None, []).append(key)
    # Sources named from the package's folder (root is its Sources/<target>).
    relative = lambda source: os.path.relpath(source, os.path.dirname(os.path.dirname(os.path.abspath(root))))
    lines = ["// Generated by Benchmarks/peers/generate_constants.py from the Swift sources under %s; do not edit." % relative(root),
             "// Every `static let` of a literal and every one-line string `static func` of a literal form, by Swift type.",
             "#ifndef SEARCHLIGHT_CONSTANTS_H", "#define SEARCHLIGHT_CONSTANTS_H", "", "#include <cstdint>", "#include <string>", "",
             "namespace searchlight {"]
    if conflicts:
        lines.append("// Declared more than once with different values, so left out: " + ", ".join(".".join(k) for k in sorted(conflicts)))

    def emit(node, depth):
        indent = "    " * depth
        # Constants first: a function may use one declared beside it.
        for key in sorted(node.get(None, []), key=lambda k: (k not in constants, k[-1])):
            if key in constants:
                cpp_type, cpp_value, _, suffix, source = constants[key]
                separator = "" if cpp_type.endswith(("*", " ")) else " "
                lines.append("%s%s%s%s%s = %s;  // %s" % (indent, cpp_type, separator, key[-1], suffix, cpp_value, relative(source)))
            else:
                cpp, source = functions[key]
                lines.append("%s%s  // %s" % (indent, cpp, relative(source)))
        for name in sorted(k for k in node if k is not None):
            if any(key[-1] == name for key in node.get(None, [])):
                lines.append("%s// namespace %s left out: a constant of that name is declared beside it" % (indent, name))
                continue
            lines.append("%snamespace %s {" % (indent, name))
            emit(node[name], depth + 1)
            lines.append("%s}  // namespace %s" % (indent, name))

    emit(tree, 1)
    lines += ["}  // namespace searchlight", "", "#endif", ""]
    return "\n".join(lines)


def main(argv):
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--check"):
        sys.exit("usage: generate_constants.py SOURCES_DIR OUT.h [--check MIRROR.cpp]")
    root, out = argv[1], argv[2]
    if not os.path.isdir(root):
        sys.exit("generate_constants.py: no folder %s" % root)
    constants, functions, conflicts = scan(root)
    if not constants:
        sys.exit("generate_constants.py: no constants found under %s" % root)
    if len(argv) == 5:
        mirror = mask(open(argv[4], encoding="utf-8").read())
        used = set(re.findall(r"\b(?:searchlight|sl)::(\w+(?:::\w+)*)", mirror))
        known = {"::".join(k) for k in list(constants) + list(functions)}
        missing = sorted(name for name in used if name not in known)
        if missing:
            sys.exit("generate_constants.py: %s uses constants not found in the Swift sources under %s (renamed or "
                     "removed? update the mirror): %s" % (argv[4], root, ", ".join(n.replace("::", ".") for n in missing)))
    text = header(root, constants, functions, conflicts)
    with open(out + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    main(sys.argv)
