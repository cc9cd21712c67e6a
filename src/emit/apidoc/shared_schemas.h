// The components/schemas of the API documents, written once per run. The
// OpenAPI and AsyncAPI documents hold the same schemas at the same depth
// unless a discriminator is involved (OpenAPI adds discriminator objects;
// AsyncAPI writes a schema's own as its property name), and writing them
// was most of each document's work. The OpenAPI target publishes its texts
// when they hold for both; the AsyncAPI target copies them if they are
// there already and writes its own otherwise, without waiting: so which
// target runs first never changes an output.
#pragma once

#include <atomic>
#include <memory>

#include "emit/apidoc/serialize.h"

namespace contractgen::emit::apidoc {

class SharedSchemas {
public:
    // Once per run; later calls are ignored. Shared, not copied: the texts
    // are megabytes on a large schema, and the OpenAPI target keeps using them.
    void publish(std::shared_ptr<const WrittenMember> schemas) {
        if (claimed_.exchange(true)) return;
        schemas_ = std::move(schemas);
        ready_.store(true, std::memory_order_release);
    }
    // The published texts, or nullptr when there are none (yet).
    const WrittenMember* published() const { return ready_.load(std::memory_order_acquire) ? schemas_.get() : nullptr; }

private:
    std::atomic<bool> claimed_{false}, ready_{false};
    std::shared_ptr<const WrittenMember> schemas_;
};

}  // namespace contractgen::emit::apidoc
