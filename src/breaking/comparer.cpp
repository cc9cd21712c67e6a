#include "breaking/comparer.h"

#include <algorithm>

#include "breaking/rules.h"
#include "breaking/samples.h"
#include "validate/accepts.h"

namespace contractgen::breaking {

using validate::accepts_decl;

ir::TypeExpr unaliased(const ir::Model& m, const ir::TypeExpr& t) {
    ir::TypeExpr out = t;
    for (int guard = 0; out.kind == ir::Kind::Named && guard < 64; ++guard) {
        const auto* alias = std::get_if<ir::Alias>(&m.decl(out.decl).body);
        if (!alias) break;
        bool nullable = out.nullable;
        out = alias->target;
        out.nullable = out.nullable || nullable;
    }
    return out;
}

void differs(std::string& out, const char* keyword, const std::string& a, const std::string& b) {
    if (a == b) return;
    out += (out.empty() ? "" : ", ") + std::string(keyword) + " " + a + " → " + b;
}

std::string member_path(const std::string& name) {
    bool plain = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
    for (unsigned char c : name) plain = plain && (std::isalnum(c) || c == '_');
    return plain ? "." + name : "[" + json(name).dump() + "]";
}

Comparer::Comparer(const Version& previous, const Version& current, bool include_docs, Consumers consumers)
    : prev_(previous),
      cur_(current),
      pm_(*previous.model),
      cm_(*current.model),
      include_docs_(include_docs),
      consumers_(consumers),
      prev_dirs_(directions(pm_, previous.roots)),
      cur_dirs_(directions(cm_, current.roots)),
      prev_places_(member_places(pm_)),
      cur_places_(member_places(cm_)) {}

std::vector<Finding> Comparer::run() {
    match_declarations();
    merge_shared_changes();
    std::sort(findings_.begin(), findings_.end(), [](const Finding& a, const Finding& b) {
        return std::tie(a.family, a.type, a.path, a.rule, a.message) <
               std::tie(b.family, b.type, b.path, b.rule, b.message);
    });
    return std::move(findings_);
}

// One edit seen from several types is one finding: the same rule and
// message at the same place of the schemas (a property of an `allOf` base
// that each variant inherits, a nested schema each lifted on its own). The
// finding kept is the first by type; `affects` lists every member.
void Comparer::merge_shared_changes() {
    std::map<std::tuple<std::string, std::string, std::string, int, int, int>, std::vector<Finding*>> groups;
    std::vector<std::vector<Finding*>*> order;
    for (auto& f : findings_) {
        auto& g = groups[std::make_tuple(f.rule, f.message, f.place.file, f.place.line, f.place.column,
                                         static_cast<int>(f.place.side))];
        if (g.empty()) order.push_back(&g);
        g.push_back(&f);
    }
    std::vector<Finding> kept;
    for (auto* g : order) {
        // The one kept is the closest to the edit: the type the edited
        // schema is in (an allOf base), a shared type itself (path "$")
        // before a member that uses it; then the first by type.
        auto key = [](const Finding* f) {
            const std::string& schema = f->place.side == Side::Previous ? f->previous_schema : f->current_schema;
            auto hash = schema.find('#');
            bool home = hash != std::string::npos && f->place.pointer.rfind(schema.substr(hash + 1), 0) == 0 &&
                        f->place.file.size() >= hash &&
                        f->place.file.compare(f->place.file.size() - hash, hash, schema, 0, hash) == 0;
            return std::make_tuple(!home, f->path.size(), f->type, f->path);
        };
        std::stable_sort(g->begin(), g->end(), [&](const Finding* x, const Finding* y) { return key(x) < key(y); });
        Finding k = *g->front();
        for (const Finding* f : *g) {
            if (g->size() > 1 && std::find(k.affects.begin(), k.affects.end(), f->member) == k.affects.end())
                k.affects.push_back(f->member);
            if (k.direction != f->direction) k.direction = Direction::Both;
            k.severity = std::max(k.severity, f->severity);
            k.tolerated = k.tolerated && f->tolerated;
        }
        kept.push_back(std::move(k));
    }
    findings_ = std::move(kept);
}

// Declarations by family and name: the same name is the same type; of the
// rest, a removed and an added one of the same family that accept the same
// values are one type renamed.
void Comparer::match_declarations() {
    // By name, lifted types included: a nested schema moved into a `$defs`
    // entry of the name it was generated under is the same type. Only named
    // types are reported as added or removed (a lifted one is part of its
    // parent's change).
    std::map<std::string, ir::DeclId> current_by_name;
    for (ir::DeclId id = 0; id < cm_.decls.size(); ++id) current_by_name.emplace(cm_.decl(id).qualified_name(), id);
    std::set<std::string> previous_names;
    std::vector<ir::DeclId> removed, pairs_prev, pairs_cur;
    for (ir::DeclId id = 0; id < pm_.decls.size(); ++id) {
        previous_names.insert(pm_.decl(id).qualified_name());
        auto it = current_by_name.find(pm_.decl(id).qualified_name());
        if (it != current_by_name.end()) {
            if (!pm_.decl(id).lifted || !cm_.decl(it->second).lifted)
                pairs_prev.push_back(id), pairs_cur.push_back(it->second);
        } else if (!pm_.decl(id).lifted) {
            removed.push_back(id);
        }
    }
    std::vector<ir::DeclId> added;
    for (const auto& [name, id] : current_by_name)
        if (!cm_.decl(id).lifted && !previous_names.count(name)) added.push_back(id);
    for (ir::DeclId old_id : removed) {
        for (auto it = added.begin(); it != added.end(); ++it) {
            if (cm_.decl(*it).family != pm_.decl(old_id).family || !equivalent(old_id, *it)) continue;
            renamed_[old_id] = *it;
            Site site = decl_site(old_id, *it);
            report_plain(site, "TYPE_NO_RENAME", Category::Source,
                         "type " + pm_.decl(old_id).qualified_name() + " was renamed to " + cm_.decl(*it).name +
                             "; it accepts the same values");
            added.erase(it);
            break;
        }
    }
    for (std::size_t i = 0; i < pairs_prev.size(); ++i) compare_decl_pair(pairs_prev[i], pairs_cur[i]);
    for (const auto& [old_id, new_id] : renamed_) compare_decl_pair(old_id, new_id);
    for (ir::DeclId old_id : removed) {
        if (renamed_.count(old_id)) continue;
        Site site = decl_site(old_id, old_id);
        site.cur_exists = false, site.cur_origin = nullptr;
        report_plain(site, "TYPE_NO_DELETE", Category::Source,
                     "type " + pm_.decl(old_id).qualified_name() + " was removed",
                     /*removed=*/true);
    }
    for (ir::DeclId new_id : added) {
        if (extracted_.count(new_id)) continue;  // reported as the nested schema's rename
        Site site = decl_site(new_id, new_id);
        site.prev_exists = false, site.prev_origin = nullptr;
        report_plain(site, "TYPE_ADDED", Category::Source, "type " + cm_.decl(new_id).qualified_name() + " was added");
    }
}

// No finding that changes accepted values, compared on their own.
bool Comparer::equivalent(ir::DeclId prev, ir::DeclId cur) const {
    if (pm_.decl(prev).kind() != cm_.decl(cur).kind()) return false;
    Comparer trial(prev_, cur_, false, consumers_);
    trial.compare_decl_pair(prev, cur);
    for (const auto& f : trial.findings_)
        if (f.category == Category::Wire) return false;
    return true;
}

void Comparer::compare_decl_pair(ir::DeclId prev, ir::DeclId cur) {
    if (!compared_.insert({prev, cur}).second) return;
    compare_bodies(decl_site(prev, cur), pm_.decl(prev), cm_.decl(cur));
}

Comparer::Site Comparer::decl_site(ir::DeclId prev, ir::DeclId cur) const {
    Site s;
    s.prev = prev, s.cur = cur;
    s.prev_origin = prev < pm_.decls.size() ? &pm_.decl(prev).origin : nullptr;
    s.cur_origin = cur < cm_.decls.size() ? &cm_.decl(cur).origin : nullptr;
    s.embed = [](const Candidate& v, Side) { return v; };
    return s;
}

Finding Comparer::base_finding(const Site& site, const std::string& rule, const std::string& message,
                               bool removed) const {
    Finding f;
    f.rule = rule;
    const ir::Decl& subject = site.cur_exists ? cm_.decl(site.cur) : pm_.decl(site.prev);
    f.family = subject.family;
    f.type = subject.qualified_name();
    f.path = site.path;
    f.message = message;
    MemberPlace at = inside(site.cur_exists ? cur_places_[site.cur] : prev_places_[site.prev], site.path);
    f.member = at.path == "$" ? at.type : at.type + " " + at.path;
    f.direction = site.cur_exists ? cur_dirs_[site.cur] : prev_dirs_[site.prev];
    // Removals point into the previous version, everything else into the current one.
    bool at_previous = site.prev_origin && ((removed || !site.cur_exists) || !site.cur_origin);
    const ir::Origin& o = at_previous ? *site.prev_origin : *site.cur_origin;
    f.place = {(at_previous ? prev_.display_root : cur_.display_root) + "/" + o.file, o.line, o.column,
               at_previous ? Side::Previous : Side::Current, o.pointer};
    if (site.prev_exists)
        f.previous_schema = pm_.decl(site.prev).origin.file + "#" + pm_.decl(site.prev).origin.pointer;
    if (site.cur_exists) f.current_schema = cm_.decl(site.cur).origin.file + "#" + cm_.decl(site.cur).origin.pointer;
    return f;
}

void Comparer::report_plain(const Site& site, const std::string& rule, Category category, const std::string& message,
                            bool removed) {
    if (category == Category::Docs && !include_docs_) return;
    Finding f = base_finding(site, rule, message, removed);
    f.category = category;
    f.severity = severity_of(f);
    findings_.push_back(std::move(f));
}

// Tries each candidate in each version's instance of the subject; the first
// accepted by only one version is the witness of that direction.
bool Comparer::report(const Site& site, const Change& change, const std::vector<Candidate>& candidates_in) {
    // Smallest first, so that the witness found is a minimal one.
    std::vector<std::pair<std::size_t, const Candidate*>> order;
    for (const auto& c : candidates_in) order.emplace_back(c ? c->dump().size() : 0, &c);
    std::stable_sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    std::optional<Witness> narrower, wider;
    for (const auto& [size, candidate] : order) {
        const Candidate& c = *candidate;
        for (Side side : {Side::Previous, Side::Current}) {
            auto instance = site.embed(c, side);
            if (!instance) continue;
            bool in_prev = accepts_decl(pm_, site.prev, *instance);
            bool in_cur = accepts_decl(cm_, site.cur, *instance);
            if (in_prev && !in_cur && !narrower) narrower = Witness{*instance, Side::Previous};
            if (in_cur && !in_prev && !wider) wider = Witness{*instance, Side::Current};
        }
        if (narrower && wider) break;
    }
    bool removed = rule(change.narrow_rule).kind == ChangeKind::Removal;
    auto emit = [&](const std::string& rule_id, std::vector<Witness> witnesses) {
        Finding f = base_finding(site, rule_id, change.message, removed);
        f.category = Category::Wire;
        f.witnesses = std::move(witnesses);
        f.severity = severity_of(f);
        // Clients that read tolerantly absorb the wider set; the server
        // (a reader of request and both-way types) stays strict.
        bool only_wider = std::all_of(f.witnesses.begin(), f.witnesses.end(),
                                      [](const Witness& w) { return w.accepted_by == Side::Current; });
        if (consumers_ == Consumers::Tolerant && change.tolerant_reader_accepts && only_wider &&
            f.direction == Direction::Response) {
            f.tolerated = true;
            f.severity = Severity::Info;
        }
        findings_.push_back(std::move(f));
    };
    if (change.narrow_rule == change.wide_rule) {
        std::vector<Witness> both;
        if (narrower) both.push_back(*narrower);
        if (wider) both.push_back(*wider);
        if (!both.empty()) emit(change.narrow_rule, std::move(both));
    } else {
        if (narrower) emit(change.narrow_rule, {*narrower});
        if (wider) emit(change.wide_rule, {*wider});
    }
    if (!narrower && !wider && !change.source_rule.empty())
        report_plain(site, change.source_rule, Category::Source, change.message, removed);
    return narrower || wider;
}

std::string Comparer::describe(const ir::Model& m, const ir::TypeExpr& t) const {
    std::string base;
    switch (t.kind) {
        case ir::Kind::String: base = "string"; break;
        case ir::Kind::Integer: base = "integer"; break;
        case ir::Kind::Number: base = "number"; break;
        case ir::Kind::Boolean: base = "boolean"; break;
        case ir::Kind::Null: base = "null"; break;
        case ir::Kind::Any: base = "any value"; break;
        case ir::Kind::Array: base = "array of " + describe(m, t.item()); break;
        case ir::Kind::Map: base = "object of " + describe(m, t.item()); break;
        case ir::Kind::Const: base = "const " + t.value.dump(); break;
        case ir::Kind::Named: {
            const ir::Decl& d = m.decl(t.decl);
            static const char* kinds[] = {"object", "enum", "open enum", "union", "alias", "constant", "tuple"};
            base = std::string(kinds[static_cast<int>(d.kind())]) + " " + d.qualified_name();
            break;
        }
    }
    return t.nullable && t.kind != ir::Kind::Null ? base + " or null" : base;
}

std::vector<Finding> compare(const Version& previous, const Version& current, bool include_docs, Consumers consumers) {
    return Comparer(previous, current, include_docs, consumers).run();
}

}  // namespace contractgen::breaking
