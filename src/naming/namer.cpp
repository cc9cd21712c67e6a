#include "naming/namer.h"

#include <algorithm>
#include <unordered_map>

namespace contractgen::naming {

namespace {

std::string display(const load::SchemaSet& schemas, const ir::Origin& o) {
    const load::Document* d = schemas.find(o.file);
    return d ? d->display_path : o.file;
}

}  // namespace

bool Scope::taken(const std::string& name) const {
    const bool here = many_.empty() ? std::find(few_.begin(), few_.end(), name) != few_.end() : many_.count(name) > 0;
    return here || (reserved_ != nullptr && reserved_->count(name) > 0);
}

void Scope::reserve(const std::string& name) {
    if (many_.empty() && few_.size() < kFew) {
        if (few_.empty()) few_.reserve(kFew);  // one allocation, not one per doubling
        few_.push_back(name);
        return;
    }
    if (many_.empty()) {
        many_.reserve(4 * kFew);
        many_.insert(std::make_move_iterator(few_.begin()), std::make_move_iterator(few_.end()));
        few_.clear();
    }
    many_.insert(name);
}

std::string Scope::claim(const std::string& wanted) {
    if (!taken(wanted)) {
        reserve(wanted);
        return wanted;
    }
    std::string name;
    for (int n = 2;; ++n) {
        name = wanted + "_" + std::to_string(n);
        if (!taken(name)) break;
    }
    reserve(name);
    return name;
}

std::string make_identifier(const std::string& name, Case style, const std::set<std::string>& reserved,
                            const NamerConfig& config, const std::string& digit_prefix) {
    std::string id;
    if (style == Case::Pascal && !config.initialisms.empty()) {
        for (std::string word : split_words(name)) {
            bool upper = config.initialisms.count(word) != 0;
            for (std::size_t i = 0; i < word.size(); ++i)
                if ((upper || i == 0) && word[i] >= 'a' && word[i] <= 'z')
                    word[i] = static_cast<char>(word[i] - 'a' + 'A');
            id += word;
        }
    } else {
        id = to_case(name, style);
    }
    if (id.empty()) id = digit_prefix + "empty";
    if (id[0] >= '0' && id[0] <= '9') id = digit_prefix + id;
    bool is_keyword = config.keywords && config.keywords->count(id);
    if (is_keyword || reserved.count(id)) id += config.reserved_suffix;
    return id;
}

Names resolve_names(const ir::Model& model, const NamerConfig& config, const load::SchemaSet& schemas,
                    diag::Sink& sink) {
    Names names;
    names.decl.resize(model.decls.size());
    names.fields.resize(model.decls.size());
    names.values.resize(model.decls.size());

    Scope family_scope;
    for (const auto& f : model.families)
        names.family[f.name] = family_scope.claim(make_identifier(f.name, config.family_case, {}, config, "f_"));

    // Declared types first, so lifted types are the ones that yield.
    std::map<std::string, Scope> type_scopes;
    std::map<std::string, std::map<std::string, ir::DeclId>> declared_by;
    for (int pass = 0; pass < 2; ++pass) {
        for (ir::DeclId id = 0; id < model.decls.size(); ++id) {
            const ir::Decl& d = model.decls[id];
            if (d.lifted != (pass == 1)) continue;
            auto& scope = type_scopes.try_emplace(d.family, Scope(config.reserved_types)).first->second;
            // A lifted type starts from the name it wanted: a clash in the IR
            // ("PlanTasks_2") and one in this target's identifiers get the same suffix.
            const std::string& schema_name = d.lifted && !d.wanted_name.empty() ? d.wanted_name : d.name;
            std::string wanted =
                make_identifier(schema_name, config.type_case, config.reserved_types, config, config.type_prefix);
            if (!d.lifted && scope.taken(wanted)) {
                auto it = declared_by[d.family].find(wanted);
                std::string other = it != declared_by[d.family].end() ? model.decls[it->second].name : wanted;
                sink.error(display(schemas, d.origin), d.origin.line, d.origin.column,
                           "type names '" + other + "' and '" + d.name + "' in family '" + d.family +
                               "' both become the identifier '" + wanted + "'; rename one of them");
                names.decl[id] = wanted;
                continue;
            }
            names.decl[id] = scope.claim(wanted);
            declared_by[d.family][names.decl[id]] = id;
        }
    }

    // Each wire name is turned into an identifier once; collisions are still per scope.
    std::unordered_map<std::string, std::string> field_ids, value_ids;
    auto field_id = [&](const std::string& wire) -> const std::string& {
        auto [it, fresh] = field_ids.try_emplace(wire);
        if (fresh)
            it->second = make_identifier(wire, config.field_case, config.reserved_fields, config, config.field_prefix);
        return it->second;
    };
    auto value_id = [&](const std::string& wire) -> const std::string& {
        auto [it, fresh] = value_ids.try_emplace(wire);
        if (fresh) it->second = make_identifier(wire, config.value_case, {}, config, config.value_prefix);
        return it->second;
    };
    for (ir::DeclId id = 0; id < model.decls.size(); ++id) {
        const ir::Decl& d = model.decls[id];
        if (d.is<ir::Struct>()) {
            Scope scope(&config.reserved_fields);
            const auto& fields = d.as<ir::Struct>().fields;
            names.fields[id].reserve(fields.size());
            for (const auto& f : fields) names.fields[id].push_back(scope.claim(field_id(f.wire_name)));
        }
        auto add_values = [&](const std::vector<std::string>& wire) {
            Scope scope;
            names.values[id].reserve(wire.size());
            for (const auto& v : wire) names.values[id].push_back(scope.claim(value_id(v)));
        };
        if (d.is<ir::Enum>()) {
            std::vector<std::string> wire;
            for (const auto& v : d.as<ir::Enum>().values)
                wire.push_back(v.is_string() ? v.get<std::string>() : v.dump());
            add_values(wire);
        } else if (d.is<ir::OpenEnum>()) {
            add_values(d.as<ir::OpenEnum>().known);
        }
    }
    return names;
}

}  // namespace contractgen::naming
