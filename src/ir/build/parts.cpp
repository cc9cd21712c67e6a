// Groups of documents built side by side. A large contract is often several
// families that never reference each other, and building the IR was the one
// long step of a run that kept a single core busy. Each group gets a Builder
// of its own; the models are merged in the order one Builder would have
// built them all: the named types by document, then, for each named type in
// that order, what defining it added (lifted types, checks, the first use of
// each construct). So numbers, names (lifted names are unique per family,
// and a family is never split), first uses and their positions come out the
// same. Groups are found by scanning the files' text for references; should
// a reference lead out of its group all the same (a `$id` the scan cannot
// place), the part notices and the whole set is built by one Builder.
#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <string_view>

#include "ir/build/builder.h"
#include "ir/passes/passes.h"
#include "parallel/work_pool.h"
#include "resolve/uri.h"

namespace contractgen::ir::builder {

namespace {

struct DisjointSets {
    std::vector<std::size_t> parent;
    explicit DisjointSets(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
    std::size_t find(std::size_t i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    }
    void join(std::size_t a, std::size_t b) { parent[find(a)] = find(b); }
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The values of the `$ref` and `$dynamicRef` members written in a
// document's text. False for one this scan does not read (escapes).
bool reference_values(std::string_view text, std::vector<std::string_view>& out) {
    for (std::size_t at = text.find('$'); at != std::string_view::npos; at = text.find('$', at + 1)) {
        if (at == 0 || text[at - 1] != '"') continue;
        std::size_t end;
        if (text.compare(at, 5, "$ref\"") == 0) end = at + 5;
        else if (text.compare(at, 12, "$dynamicRef\"") == 0)
            end = at + 12;
        else
            continue;
        while (end < text.size() && is_space(text[end])) ++end;
        if (end >= text.size() || text[end] != ':') continue;  // the word in a string, not a member name
        ++end;
        while (end < text.size() && is_space(text[end])) ++end;
        if (end >= text.size() || text[end] != '"') continue;  // not a string: the builder reports it
        const std::size_t close = text.find('"', end + 1);
        if (close == std::string_view::npos) return false;
        std::string_view value = text.substr(end + 1, close - end - 1);
        if (value.find('\\') != std::string_view::npos) return false;
        out.push_back(value);
    }
    return true;
}

// The documents of the set in groups that must be built together: those of
// one family, and those a reference leads from one to the other (its file
// part resolved as the resolver does for a file without a `$id`). One group
// when a reference names something else (a URI, a `$id`, a file that is not
// there: the builder reports it).
std::vector<std::vector<std::size_t>> document_groups(const load::SchemaSet& set) {
    const std::size_t n = set.documents.size();
    DisjointSets sets(n);
    std::map<std::string, std::size_t> family_of;
    for (std::size_t i = 0; i < n; ++i)
        if (auto [it, added] = family_of.emplace(set.documents[i].family, i); !added) sets.join(i, it->second);
    auto everything = std::vector<std::vector<std::size_t>>{std::vector<std::size_t>(n)};
    std::iota(everything[0].begin(), everything[0].end(), 0);
    for (std::size_t i = 0; i < n; ++i) {
        const load::Document& doc = set.documents[i];
        std::vector<std::string_view> refs;
        if (!reference_values(doc.text, refs)) return everything;
        for (std::string_view ref : refs) {
            const std::string file(ref.substr(0, ref.find('#')));
            if (file.empty()) continue;
            std::string problem;
            const std::optional<std::string> path =
                resolve::has_uri_scheme(file) ? std::nullopt : resolve::referenced_file(doc.path, file, problem);
            const load::Document* target = path ? set.find(*path) : nullptr;
            if (target == nullptr) return everything;
            sets.join(i, static_cast<std::size_t>(target - set.documents.data()));
        }
    }
    std::map<std::size_t, std::vector<std::size_t>> by_root;
    for (std::size_t i = 0; i < n; ++i) by_root[sets.find(i)].push_back(i);
    std::vector<std::vector<std::size_t>> groups;
    for (auto& [root, members] : by_root) groups.push_back(std::move(members));
    return groups;
}

// `groups` packed into at most `parts` parts of about equal text size (the
// largest first, each into the lightest part): one Builder per core.
std::vector<std::vector<char>> pack(const load::SchemaSet& set, const std::vector<std::vector<std::size_t>>& groups,
                                    std::size_t parts) {
    std::vector<std::size_t> size(groups.size(), 0), order(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g)
        for (std::size_t doc : groups[g]) size[g] += set.documents[doc].text.size();
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return size[a] > size[b]; });
    std::vector<std::vector<char>> packed(std::min(parts, groups.size()), std::vector<char>(set.documents.size(), 0));
    std::vector<std::size_t> load(packed.size(), 0);
    for (std::size_t g : order) {
        std::size_t lightest = std::min_element(load.begin(), load.end()) - load.begin();
        for (std::size_t doc : groups[g]) packed[lightest][doc] = 1;
        load[lightest] += size[g];
    }
    return packed;
}

// The parts' models as one, in the order a single Builder gives (see the top of this file).
Model merge(const load::SchemaSet& set, std::vector<Builder::Part>& parts) {
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    Model out;
    std::vector<std::vector<DeclId>> decl_ids(parts.size());
    std::vector<std::vector<CheckId>> check_ids(parts.size());
    for (std::size_t p = 0; p < parts.size(); ++p) {
        decl_ids[p].assign(parts[p].model.decls.size(), kNone);
        check_ids[p].assign(parts[p].model.checks.size(), kNone);
    }
    std::vector<std::size_t> part_of;  // of each declaration of `out`
    std::size_t total = 0;
    for (const Builder::Part& part : parts) total += part.model.decls.size();
    out.decls.reserve(total);  // a Decl is large: growing by doubling would move them all again
    part_of.reserve(total);
    auto take = [&](std::size_t p, DeclId local) {
        decl_ids[p][local] = out.decls.size();
        out.decls.push_back(std::move(parts[p].model.decls[local]));
        part_of.push_back(p);
    };

    // The named types, document by document.
    std::vector<std::pair<std::size_t, DeclId>> named;  // (part, its number there), in merged order
    std::vector<std::size_t> next(parts.size(), 0);
    for (std::size_t doc = 0; doc < set.documents.size(); ++doc)
        for (std::size_t p = 0; p < parts.size(); ++p)
            for (; next[p] < parts[p].named_in.size() && parts[p].named_in[next[p]] == doc; ++next[p]) {
                named.emplace_back(p, next[p]);
                take(p, next[p]);
            }

    // What defining each of them added.
    std::map<std::string, CheckId> checks_by_text;
    std::set<std::pair<int, int>> constructs_seen;
    for (const auto& [p, local] : named) {
        Builder::Part& part = parts[p];
        const Builder::Sizes& before = local == 0 ? part.declared : part.defined[local - 1];
        const Builder::Sizes& after = part.defined[local];
        for (DeclId d = before.decls; d < after.decls; ++d) take(p, d);
        for (CheckId c = before.checks; c < after.checks; ++c) {
            auto [it, added] = checks_by_text.emplace(part.model.checks[c].program.dump(), out.checks.size());
            if (added) out.checks.push_back(std::move(part.model.checks[c]));
            check_ids[p][c] = it->second;
        }
        for (std::size_t k = before.constructs; k < after.constructs; ++k) {
            ConstructUse& use = part.model.constructs[k];
            if (constructs_seen.insert({static_cast<int>(use.construct), static_cast<int>(use.format)}).second)
                out.constructs.push_back(std::move(use));
        }
    }

    // References in the merged numbers.
    for (DeclId id = 0; id < out.decls.size(); ++id) {
        const std::vector<DeclId>& decls = decl_ids[part_of[id]];
        const std::vector<CheckId>& checks = check_ids[part_of[id]];
        Decl& d = out.decls[id];
        if (d.check) d.check = checks.at(*d.check);
        for_each_type_in(d, [&](TypeExpr& t) {
            if (t.kind == Kind::Named) t.decl = decls.at(t.decl);
            if (t.check) t.check = checks.at(*t.check);
        });
        if (auto* open = std::get_if<OpenEnum>(&d.body); open && open->known_enum)
            open->known_enum = decls.at(*open->known_enum);
    }
    return out;
}

}  // namespace

Builder::Part Builder::run_part(const std::vector<char>& in_part, bool report_index) {
    in_part_ = &in_part;
    if (report_index) resolver_.report_index_problems(sink_);
    declare_named_schemas();
    Part part;
    part.declared = sizes();
    for (DeclId id = 0; id < named_count_; ++id) {
        define_named(id);
        part.defined.push_back(sizes());
    }
    for (DeclId id = 0; id < named_count_; ++id)
        part.named_in.push_back(static_cast<std::size_t>(named_locations_[id].doc - set_.documents.data()));
    part.left = left_part_;
    part.model = std::move(model_);
    return part;
}

std::optional<Model> build_in_parts(const load::SchemaSet& set, diag::Sink& sink, std::size_t threads) {
    const std::vector<std::vector<std::size_t>> groups = document_groups(set);
    if (groups.size() < 2) return std::nullopt;
    const std::vector<std::vector<char>> packed = pack(set, groups, threads);
    struct Built {
        Builder::Part part;
        diag::Sink sink;
    };
    std::vector<Built> built(packed.size());
    parallel::WorkPool(packed.size()).for_each(packed.size(), [&](std::size_t i, std::size_t) {
        Builder builder(set, built[i].sink);
        built[i].part = builder.run_part(packed[i], i == 0);
    });
    std::vector<Builder::Part> parts;
    for (Built& b : built) {
        // Diagnostics come in the order of one build: that build reports them.
        if (b.part.left || !b.sink.all().empty() || b.part.declared.checks > 0 || b.part.declared.constructs > 0)
            return std::nullopt;
        parts.push_back(std::move(b.part));
    }
    Model model = merge(set, parts);
    run_passes(model, set, sink);
    return model;
}

}  // namespace contractgen::ir::builder
