#include <iostream>

#include "contract/demo.hpp"

int main() {
    auto ping = contract::parse<contract::demo::Ping>(R"({"type": "ping", "seq": 1})");
    std::cout << contract::to_json_value(ping).dump() << "\n";
    return ping.seq == 1 ? 0 : 1;
}
