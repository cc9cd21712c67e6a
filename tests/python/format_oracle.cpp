// The C++ runtime's format checks as an oracle for the Python runtime's
// (test_formats.py): reads one JSON string per line, prints three digits per
// line: is_uri, is_date_time, is_uuid.
#include <iostream>
#include <string>

#include "contract/rt/rules.hpp"

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        std::string s = contract::Json::parse(line).get<std::string>();
        std::cout << contract::rt::is_uri(s) << contract::rt::is_date_time(s) << contract::rt::is_uuid(s) << '\n';
    }
    return 0;
}
