// The schema set's digest: SHA-256 over the `sha256sum` listing of its files,
// so anyone can check a generated file's header against a schemas folder
// with coreutils alone. OpenSSL does the hashing.
#include <openssl/evp.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "load/document.h"

namespace contractgen::load {

std::string sha256_hex(std::string_view bytes) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 failed");
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < length; ++i) {
        out += hex[digest[i] >> 4];
        out += hex[digest[i] & 15];
    }
    return out;
}

std::string schema_set_digest(const SchemaSet& set) {
    // Every name a schema is read under: its own path, and each link to it
    // (a link changes where $refs lead). `find` lists a link to a file by its
    // own name and does not descend into a link to a folder; sha256sum reads
    // through a link. Sorted by path (byte order), as `LC_ALL=C sort` would.
    std::vector<std::pair<std::string, const Document*>> names;
    for (const auto& doc : set.documents) names.emplace_back(doc.path, &doc);
    for (const auto& link : set.links)
        if (const Document* doc = link.folder ? nullptr : set.find(link.target)) names.emplace_back(link.path, doc);
    std::sort(names.begin(), names.end());
    std::string listing;
    for (const auto& [path, doc] : names)
        listing += (doc->text_sha256.empty() ? sha256_hex(doc->text) : doc->text_sha256) + "  " + path + "\n";
    return sha256_hex(listing);
}

}  // namespace contractgen::load
