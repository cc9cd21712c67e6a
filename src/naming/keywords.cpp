#include "naming/keywords.h"

namespace contractgen::naming {

const std::set<std::string>& cpp_keywords() {
    static const std::set<std::string> k = {
        "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
        "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
        "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
        "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
        "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
        "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
        "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
        "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
        "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
        // identifiers with special meaning and common macros that break code when used as names
        "final", "override", "import", "module", "assert", "errno", "NULL", "EOF", "stdin", "stdout", "stderr",
        "major", "minor", "unix", "linux",
    };
    return k;
}

const std::set<std::string>& typescript_keywords() {
    static const std::set<std::string> k = {
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else",
        "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof",
        "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void",
        "while", "with", "as", "implements", "interface", "let", "package", "private", "protected", "public",
        "static", "yield", "await", "async", "any", "boolean", "constructor", "declare", "get", "module",
        "require", "number", "set", "string", "symbol", "type", "from", "of", "never", "unknown", "object",
        "bigint", "undefined", "keyof", "readonly", "infer", "is", "asserts", "namespace", "abstract", "arguments",
        "eval", "satisfies", "accessor", "out", "override", "global", "unique",
    };
    return k;
}

const std::set<std::string>& python_keywords() {
    static const std::set<std::string> k = {
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
        "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
        "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "match", "case",
        "type", "_",
        // builtins that generated code refers to and must not shadow
        "int", "str", "float", "bool", "list", "dict", "object", "bytes", "set", "tuple", "type", "len", "print",
    };
    return k;
}

const std::set<std::string>& go_keywords() {
    static const std::set<std::string> k = {
        // keywords (The Go Programming Language Specification, "Keywords")
        "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func", "go",
        "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct", "switch", "type",
        "var",
        // predeclared identifiers: shadowing them breaks generated code that uses them
        "any", "bool", "byte", "comparable", "complex64", "complex128", "error", "float32", "float64", "int", "int8",
        "int16", "int32", "int64", "rune", "string", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "true",
        "false", "iota", "nil", "append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len", "make",
        "max", "min", "new", "panic", "print", "println", "real", "recover",
    };
    return k;
}

}  // namespace contractgen::naming
