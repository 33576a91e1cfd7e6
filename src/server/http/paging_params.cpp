#include "server/http/paging_params.hpp"

#include <charconv>

#include "server/http/url.hpp"

namespace dvonn::server {

bool int_param(std::string_view query, std::string_view name, std::int64_t& out) {
  if (!has_query_param(query, name)) return true;
  std::string text = query_param(query, name);
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

std::string limit_param(std::string_view query, std::int64_t fallback, std::int64_t max, std::int64_t& out) {
  out = fallback;
  if (int_param(query, "limit", out) && out >= 1 && out <= max) return "";
  return "limit must be a whole number from 1 to " + std::to_string(max);
}

}  // namespace dvonn::server
