// The browser UI's files: compiled into the binary from web/ (the default,
// so `dvonn serve` works from any directory) or read from a folder given
// with --web-root (for working on the UI without rebuilding).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dvonn::server {

struct EmbeddedFile {
  std::string_view path;  // "/index.html"
  std::string_view bytes;
};
// Defined in the generated embedded_web.cpp (cmake/embed_web.cmake).
std::span<const EmbeddedFile> embedded_web_files();

// The Content-Type for a file name, by its extension.
std::string_view content_type_for(std::string_view path);

struct StaticFile {
  std::string_view content_type;
  std::string body;
};

class StaticFiles {
 public:
  // web_root "" serves the embedded files.
  explicit StaticFiles(std::string web_root = {}) : web_root_(std::move(web_root)) {}

  // The file for a URL path: "/" and the UI's client-side routes
  // (/games/ID, /watch/ID, /join/ID) give index.html. Paths that try to
  // leave the root give nothing.
  std::optional<StaticFile> find(std::string_view url_path) const;

  const std::string& web_root() const { return web_root_; }
  // The names of the files directly in a folder ("/i18n/"), unsorted.
  std::vector<std::string> list(std::string_view folder) const;

 private:
  std::optional<std::string> read(std::string_view path) const;
  std::string web_root_;
};

}  // namespace dvonn::server
