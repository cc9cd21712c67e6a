// Placeholder until the python target lands: registered, emits nothing yet.
#include "emit/targets.h"

namespace contractgen::emit {

namespace {
class Pending : public Target {
public:
    void emit(const EmitContext&, write::OutputSet&) const override {}
};
}  // namespace

std::unique_ptr<Target> make_python_target() { return std::make_unique<Pending>(); }

}  // namespace contractgen::emit
