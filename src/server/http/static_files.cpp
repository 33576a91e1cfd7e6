#include "server/http/static_files.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace dvonn::server {
namespace {

bool is_client_route(std::string_view path) {
  for (std::string_view prefix : {"/games/", "/watch/", "/join/"})
    if (path.starts_with(prefix) && path.size() > prefix.size() &&
        path.find('/', prefix.size()) == std::string_view::npos)
      return true;
  return false;
}

// A path is served only if every segment is a plain name: no "..", no ".",
// no empty segment, no backslash or NUL.
bool is_safe(std::string_view path) {
  if (path.empty() || path[0] != '/') return false;
  std::string_view rest = path.substr(1);
  while (true) {
    auto slash = rest.find('/');
    std::string_view segment = rest.substr(0, slash);
    if (segment.empty() || segment == "." || segment == ".." || segment[0] == '.') return false;
    for (char c : segment)
      if (c == '\\' || c == '\0') return false;
    if (slash == std::string_view::npos) return true;
    rest = rest.substr(slash + 1);
  }
}

}  // namespace

std::string_view content_type_for(std::string_view path) {
  auto dot = path.rfind('.');
  std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot + 1);
  if (ext == "html") return "text/html; charset=utf-8";
  if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "png") return "image/png";
  if (ext == "json") return "application/json";
  if (ext == "ico") return "image/x-icon";
  if (ext == "txt" || ext == "md") return "text/plain; charset=utf-8";
  if (ext == "woff2") return "font/woff2";
  if (ext == "webmanifest") return "application/manifest+json";
  return "application/octet-stream";
}

std::optional<StaticFile> StaticFiles::find(std::string_view url_path) const {
  std::string_view path = url_path;
  if (path == "/" || is_client_route(path)) path = "/index.html";
  if (!is_safe(path)) return std::nullopt;
  auto body = read(path);
  if (!body) return std::nullopt;
  return StaticFile{content_type_for(path), std::move(*body)};
}

std::vector<std::string> StaticFiles::list(std::string_view folder) const {
  std::vector<std::string> names;
  if (web_root_.empty()) {
    for (const EmbeddedFile& f : embedded_web_files())
      if (f.path.starts_with(folder) && f.path.find('/', folder.size()) == std::string_view::npos)
        names.emplace_back(f.path.substr(folder.size()));
    return names;
  }
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(web_root_ + std::string(folder), ec))
    if (entry.is_regular_file(ec)) {
      std::string name = entry.path().filename().string();
      if (!name.empty() && name[0] != '.') names.push_back(name);
    }
  return names;
}

std::optional<std::string> StaticFiles::read(std::string_view path) const {
  if (web_root_.empty()) {
    for (const EmbeddedFile& f : embedded_web_files())
      if (f.path == path) return std::string(f.bytes);
    return std::nullopt;
  }
  std::string file = web_root_ + std::string(path);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream out;
  out << in.rdbuf();
  if (!in && !in.eof()) return std::nullopt;
  return out.str();
}

}  // namespace dvonn::server
