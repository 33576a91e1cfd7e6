#include "server/base/json_log.hpp"

#include <chrono>
#include <nlohmann/json.hpp>
#include <string_view>

namespace dvonn::server {

JsonLogBuffer::JsonLogBuffer(std::streambuf* out, std::function<std::int64_t()> now_ms)
    : out_(out), now_ms_(std::move(now_ms)) {
  if (!now_ms_)
    now_ms_ = [] {
      return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
    };
}

JsonLogBuffer::~JsonLogBuffer() {
  std::lock_guard lock(mutex_);
  for (auto& [id, line] : pending_)
    if (!line.empty()) emit_locked(line);
  out_->pubsync();
}

JsonLogBuffer::int_type JsonLogBuffer::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  char ch = traits_type::to_char_type(c);
  xsputn(&ch, 1);
  return c;
}

std::streamsize JsonLogBuffer::xsputn(const char* s, std::streamsize n) {
  std::lock_guard lock(mutex_);
  auto it = pending_.try_emplace(std::this_thread::get_id()).first;
  std::string_view text(s, static_cast<std::size_t>(n));
  for (auto newline = text.find('\n'); newline != std::string_view::npos; newline = text.find('\n')) {
    it->second.append(text.substr(0, newline));
    emit_locked(it->second);
    it->second.clear();
    text.remove_prefix(newline + 1);
  }
  it->second.append(text);
  if (it->second.empty()) pending_.erase(it);  // threads come and go
  return n;
}

void JsonLogBuffer::emit_locked(const std::string& line) {
  std::string out;
  nlohmann::json parsed = line.starts_with("{") ? nlohmann::json::parse(line, nullptr, false) : nlohmann::json();
  if (parsed.is_object()) {
    out = line;
  } else {
    std::string_view message = line;
    if (message.starts_with("dvonn serve: ")) message.remove_prefix(13);
    out = nlohmann::json{{"time_ms", now_ms_()}, {"message", message}}.dump(-1, ' ', false,
                                                                            nlohmann::json::error_handler_t::replace);
  }
  out += '\n';
  out_->sputn(out.data(), static_cast<std::streamsize>(out.size()));
  out_->pubsync();
}

}  // namespace dvonn::server
