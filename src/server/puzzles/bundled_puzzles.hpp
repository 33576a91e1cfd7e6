// The bundled puzzle set, data/puzzles/engine-puzzles.json, compiled into
// the server (cmake/embed_text.cmake): what `dvonn puzzles` wrote.
#pragma once

#include <string_view>

namespace dvonn::server {

std::string_view bundled_puzzles_json();

}  // namespace dvonn::server
