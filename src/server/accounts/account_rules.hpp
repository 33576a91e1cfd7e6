// What names and passwords may be (docs/community-api.md): names 3 to 20
// characters from A-Z a-z 0-9 _ -, starting with a letter, not starting with
// "engine" (any case: reserved for the engine levels); passwords 8 to 128
// bytes.
#pragma once

#include <string>
#include <string_view>

namespace dvonn::server {

// "" when the name is acceptable for a new account, else what is wrong.
std::string check_new_name(std::string_view name);
// "" when the password is acceptable, else what is wrong.
std::string check_password(std::string_view password);
// The key names are unique by: the name in lower case.
std::string name_key(std::string_view name);

}  // namespace dvonn::server
