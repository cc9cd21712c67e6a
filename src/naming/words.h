// Splitting names into words and joining them in a case style. Shared by the
// IR (names of lifted types) and the per-target Namer.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace contractgen::naming {

// "userChatMessage_id" → {"user", "chat", "message", "id"}; "HTTPServer2" →
// {"http", "server2"}. Anything that is not an ASCII letter or digit separates
// words, except that non-ASCII code points become words of their own spelled
// "u" + hex ("café" → {"caf", "u00e9"}), so distinct Unicode names stay distinct
// and identifiers stay ASCII in every language.
std::vector<std::string> split_words(const std::string& name);

enum class Case {
    Pascal,          // UserChatMessage
    Camel,           // userChatMessage
    Snake,           // user_chat_message
    ScreamingSnake,  // USER_CHAT_MESSAGE
};

std::string join_words(const std::vector<std::string>& words, Case style);
// join_words(split_words(name), style), without the intermediate words.
std::string to_case(const std::string& name, Case style);

}  // namespace contractgen::naming
