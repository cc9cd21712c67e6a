// The schema set's digest: SHA-256 over the `sha256sum` listing of its files,
// so anyone can check a generated file's header against a schemas folder
// with coreutils alone. OpenSSL does the hashing.
#include <openssl/evp.h>

#include <memory>
#include <stdexcept>

#include "load/document.h"

namespace contractgen::load {

namespace {

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

}  // namespace

std::string schema_set_digest(const SchemaSet& set) {
    // Documents are sorted by path (byte order), as `LC_ALL=C sort` would.
    std::string listing;
    for (const auto& doc : set.documents) listing += sha256_hex(doc.text) + "  " + doc.path + "\n";
    return sha256_hex(listing);
}

}  // namespace contractgen::load
