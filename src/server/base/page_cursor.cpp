#include "server/base/page_cursor.hpp"

#include <charconv>

namespace dvonn::server {

std::optional<PageCursor> PageCursor::parse(std::string_view text) {
  PageCursor cursor;
  auto dot = text.find('.');
  std::string_view time = text.substr(0, dot);
  auto [end, ec] = std::from_chars(time.data(), time.data() + time.size(), cursor.time);
  if (time.empty() || ec != std::errc() || end != time.data() + time.size()) return std::nullopt;
  if (dot == std::string_view::npos) return cursor;
  std::string_view id = text.substr(dot + 1);
  if (id.empty() || id.size() > 64) return std::nullopt;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
      return std::nullopt;
  cursor.id = std::string(id);
  return cursor;
}

std::string PageCursor::before_sql(std::string_view time_column, std::string_view id_column, int time_param,
                                   int id_param) {
  std::string t(time_column), i(id_column), tp = "?" + std::to_string(time_param), ip = "?" + std::to_string(id_param);
  return "(" + t + " < " + tp + " OR (" + t + " = " + tp + " AND " + i + " < " + ip + "))";
}

}  // namespace dvonn::server
