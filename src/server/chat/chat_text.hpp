// What a chat message may say: plain text, trimmed, 1 to 500 characters
// (Unicode code points) of valid UTF-8 with no control characters. The
// browser shows it as text, so nothing else needs refusing.
#pragma once

#include <cstddef>
#include <string>

namespace dvonn::server {

inline constexpr std::size_t kChatMaxChars = 500;

// The text as it is stored (trimmed of spaces at both ends) in `text`, or
// why it is refused ("" when accepted).
std::string check_chat_text(const std::string& raw, std::string& text);

// Whether s is valid UTF-8 (no overlong forms, no surrogates); counts its
// code points in `chars`.
bool utf8_code_points(const std::string& s, std::size_t& chars);

}  // namespace dvonn::server
