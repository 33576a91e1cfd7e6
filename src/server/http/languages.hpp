// The UI's languages: the i18n/{code}.json files the server has (embedded or
// under --web-root), each named by its "language.name" value.
#pragma once

#include <nlohmann/json.hpp>

#include "server/http/static_files.hpp"

namespace dvonn::server {

// {"languages": [{"code": "en", "name": "English"}, ...]}, by code.
nlohmann::json list_languages(const StaticFiles& files);

}  // namespace dvonn::server
