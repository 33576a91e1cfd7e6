#include "server/chat/chat_text.hpp"

#include <cstdint>

namespace dvonn::server {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// C0 and C1 controls and DEL: they could move a line or hide text. (Line
// breaks too: a chat message is one line.)
bool is_control(std::uint32_t cp) { return cp < 0x20 || (cp >= 0x7f && cp < 0xa0); }

}  // namespace

bool utf8_code_points(const std::string& s, std::size_t& chars) {
  chars = 0;
  for (std::size_t i = 0; i < s.size(); ++chars) {
    auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xe ? 3 : (b >> 3) == 0x1e ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    std::uint32_t cp = n == 1 ? b : n == 2 ? (b & 0x1f) : n == 3 ? (b & 0x0f) : (b & 0x07);
    for (std::size_t k = 1; k < n; ++k) {
      auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (c & 0x3f);
    }
    static const std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += n;
  }
  return true;
}

std::string check_chat_text(const std::string& raw, std::string& text) {
  std::size_t chars = 0;
  if (!utf8_code_points(raw, chars)) return "text must be valid UTF-8";
  std::size_t begin = 0, end = raw.size();
  while (begin < end && is_space(raw[begin])) ++begin;
  while (end > begin && is_space(raw[end - 1])) --end;
  text = raw.substr(begin, end - begin);
  if (text.empty()) return "text is empty: say something";
  utf8_code_points(text, chars);
  if (chars > kChatMaxChars) return "text is too long: at most " + std::to_string(kChatMaxChars) + " characters";
  for (std::size_t i = 0; i < text.size();) {
    auto b = static_cast<unsigned char>(text[i]);
    std::uint32_t cp = b;
    std::size_t n = 1;
    if (b == 0xc2 && i + 1 < text.size()) {  // U+0080..U+00BF
      cp = static_cast<unsigned char>(text[i + 1]);
      n = 2;
    } else if (b >= 0x80) {
      n = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
    }
    if (is_control(cp)) return "text may not contain control characters (line breaks, tabs, escapes)";
    i += n;
  }
  return "";
}

}  // namespace dvonn::server
