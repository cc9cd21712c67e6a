// A temporary schemas folder for the OpenAPI tests: `files` (path relative
// to the folder → text) written under a name of its own, removed again when
// the object goes out of scope.
#pragma once

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <unistd.h>

class TempSchemas {
public:
    TempSchemas(const std::map<std::string, std::string>& files, const std::string& name) {
        static std::atomic<int> counter{0};
        dir_ = std::filesystem::temp_directory_path() /
               ("contractgen-" + name + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(dir_);
        for (const auto& [rel, text] : files) {
            std::filesystem::create_directories((dir_ / rel).parent_path());
            std::ofstream(dir_ / rel, std::ios::binary) << text;
        }
    }
    ~TempSchemas() { std::filesystem::remove_all(dir_); }
    TempSchemas(const TempSchemas&) = delete;
    TempSchemas& operator=(const TempSchemas&) = delete;

    const std::filesystem::path& path() const { return dir_; }

private:
    std::filesystem::path dir_;
};
