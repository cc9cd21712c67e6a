// The validator's decoder: reads JSON text as a type of the IR exactly as a
// generated binding reads it (docs/semantics.md; the Go runtime,
// runtime/go/contract/, is the reference for the order of the checks):
// one pass, stopping at the first problem, with look-ahead over a value
// only where a rule needs all of it before its members (a union's tag,
// member and item counts, unique items, a union without a tag). It writes
// the value again as it goes, in canonical form (§3), so that a caller can
// compare the re-serialisation with the bindings'.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "ir/model.h"
#include "validate/free_value.h"
#include "validate/scanner.h"

namespace contractgen::validate {

struct Options {
    // Tolerant-reader mode (§4): undeclared members of closed objects are
    // kept, a discriminated union's unknown string tag is accepted.
    bool tolerant = false;
    // Nesting limit ([payload] max_depth).
    std::size_t max_depth = 128;
};

class Decoder : private Scanner {
public:
    Decoder(const ir::Model& model, std::string_view text, const Options& options)
        : Scanner(text), model_(model), options_(options) {}

    // Reads the whole text as `type`; throws Error. `out` is then the canonical text.
    void run(const ir::TypeExpr& type);
    void run_decl(ir::DeclId decl);
    std::string out;

private:
    // ---- values (decoder.cpp)
    void value(const ir::TypeExpr& t);
    void decl(ir::DeclId id);
    void string_value(const ir::StringBounds& b);
    void integer(const ir::NumberBounds& b);
    void number(const ir::NumberBounds& b);
    void boolean();
    void null();
    void const_value(const ir::json& value);
    void enum_value(const ir::Enum& e);
    void open_enum(const ir::OpenEnum& e);
    void any();
    FreeValue free_value();
    void type_fail(const char* expected, char c);

    // ---- containers and unions (containers.cpp)
    void structure(const ir::Struct& s);
    void array(const ir::TypeExpr& t);
    void map(const ir::TypeExpr& t);
    void tuple(const ir::Tuple& t);
    void begin_object(const ir::ObjectBounds& bounds);
    void begin_array(const ir::ArrayBounds& bounds);
    void check_count(std::size_t start, std::size_t n, std::optional<std::uint64_t> min,
                     std::optional<std::uint64_t> max, const char* min_keyword, const char* max_keyword,
                     const char* what);
    void check_unique(std::size_t start, const ir::ArrayBounds& bounds);
    void open();
    bool next_key();
    bool next_item();
    void tagged(const ir::Union& u);
    std::string tag(const std::string& name);
    void untagged(const ir::Union& u);

    // What a look-ahead or an attempt restores.
    struct State {
        std::size_t pos, depth, path, out;
        bool after_open;
    };
    State save() const { return {pos_, depth_, path_.size(), out.size(), after_open_}; }
    void restore(const State& s);
    // Runs f; false (with the state left as f left it) when it rejects the value.
    template <class F>
    bool attempt(F&& f) {
        try {
            f();
            return true;
        } catch (const Error&) {
            return false;
        }
    }

    void enter(std::string name) { path_.push_back(PathStep{std::move(name), -1}); }
    void enter_index(std::size_t i) { path_.push_back(PathStep{{}, static_cast<long long>(i)}); }
    void leave() { path_.pop_back(); }

    const ir::Model& model_;
    Options options_;
    std::size_t depth_ = 0;
    bool after_open_ = false;  // the container just opened: no comma before its first entry
    std::string key_;          // the member name next_key() read
    std::size_t key_start_ = 0;
    std::string string_buf_;
};

}  // namespace contractgen::validate
