// URL pieces: percent-decoding and query parameters.
#pragma once

#include <string>
#include <string_view>

namespace dvonn::server {

std::string percent_decode(std::string_view s);
// The value of a query parameter ("" when absent).
std::string query_param(std::string_view query, std::string_view name);
// Whether a query has the parameter at all.
bool has_query_param(std::string_view query, std::string_view name);
// Whether s is well-formed UTF-8 (no overlong forms, no surrogates, nothing
// above U+10FFFF): a decoded path must be, before it reaches JSON.
bool is_valid_utf8(std::string_view s);

}  // namespace dvonn::server
