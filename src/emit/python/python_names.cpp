// The python target's names: how the Namer spells types, fields and values,
// and the module file and import alias of each family.
#include <set>
#include <string>

#include "emit/python/python_family.h"
#include "naming/keywords.h"

namespace contractgen::emit::python {

naming::NamerConfig python_naming() {
    naming::NamerConfig c;
    c.type_case = naming::Case::Pascal;
    c.field_case = naming::Case::Snake;
    c.value_case = naming::Case::ScreamingSnake;
    c.family_case = naming::Case::Snake;
    c.keywords = &naming::python_keywords();
    // Attributes of pydantic's BaseModel (a field may not shadow them) and
    // the validator every checked model defines.
    c.reserved_fields = {"construct",
                         "copy",
                         "dict",
                         "from_orm",
                         "json",
                         "model_computed_fields",
                         "model_config",
                         "model_construct",
                         "model_copy",
                         "model_dump",
                         "model_dump_json",
                         "model_extra",
                         "model_fields",
                         "model_fields_set",
                         "model_json_schema",
                         "model_parametrized_name",
                         "model_post_init",
                         "model_rebuild",
                         "model_validate",
                         "model_validate_json",
                         "model_validate_strings",
                         "parse_file",
                         "parse_obj",
                         "parse_raw",
                         "schema",
                         "schema_json",
                         "update_forward_refs",
                         "validate"};
    return c;
}

// Module file names: a family may not take a name the package itself uses
// (contract.registry, contract.dump, contract.dump_json); such a family gets
// the reserved-word suffix.
std::string module_name(const std::string& family_id) {
    static const std::set<std::string> taken = {"registry", "dump", "dump_json"};
    return taken.count(family_id) ? family_id + "_" : family_id;
}

// How a family module is imported elsewhere: "_" + module, unless that is one
// of the framework aliases (_t, _p, _rt); "__" cannot come from the Namer.
std::string module_alias(const std::string& module) {
    if (module == "t" || module == "p" || module == "rt") return "_" + module + "__";
    return "_" + module;
}

}  // namespace contractgen::emit::python
