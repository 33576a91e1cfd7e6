// Structured logs (--log-format json): a stream buffer for std::cerr that
// turns each line the server logs ("dvonn serve: a commit failed: ...")
// into one JSON object, {"time_ms": ..., "message": "..."}, for log
// collectors. Lines that are JSON objects already (the access log) pass
// unchanged. Each thread's line is collected on its own, so lines written
// piece by piece from different threads never mix.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <streambuf>
#include <string>
#include <thread>

namespace dvonn::server {

class JsonLogBuffer : public std::streambuf {
 public:
  // Writes the lines to `out`; now_ms gives their time (default: the
  // system clock).
  explicit JsonLogBuffer(std::streambuf* out, std::function<std::int64_t()> now_ms = {});
  // Writes what is left of unfinished lines.
  ~JsonLogBuffer() override;

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;

 private:
  void emit_locked(const std::string& line);

  std::streambuf* out_;
  std::function<std::int64_t()> now_ms_;
  std::mutex mutex_;
  std::map<std::thread::id, std::string> pending_;  // each thread's unfinished line
};

}  // namespace dvonn::server
