// The query parameters of the API's paged lists, read the same way
// everywhere: a whole number, and the page size.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace dvonn::server {

// A whole number query parameter; false when present but not a number.
bool int_param(std::string_view query, std::string_view name, std::int64_t& out);
// The "limit" parameter, from 1 to max (fallback when absent); "" or why not.
std::string limit_param(std::string_view query, std::int64_t fallback, std::int64_t max, std::int64_t& out);

}  // namespace dvonn::server
