// A program run as a child process through /bin/sh -c, talked to line by
// line over pipes on its standard input and output (POSIX only).
//
// The child gets a process group of its own, so that killing it also kills
// whatever its shell started (a script's `sleep`, say).
#pragma once

#include <sys/types.h>

#include <string>

namespace dvonn::protocol {

class ChildProcess {
 public:
  // Starts `command` under /bin/sh -c. Its standard error is appended to
  // stderr_path, or discarded when that is empty. Throws std::runtime_error
  // when the pipes or the process cannot be created.
  explicit ChildProcess(const std::string& command, const std::string& stderr_path = "");
  // Kills the child (and its process group) if it still runs, and reaps it.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }

  // Writes text and a newline; false when the child no longer reads (it
  // closed its input or exited).
  bool write_line(const std::string& text);

  enum class Read { Line, EndOfFile, Timeout };
  // Waits at most timeout_seconds for a whole line (without its newline).
  // A line longer than kMaxLine is cut there and returned as it is.
  Read read_line(std::string& line, double timeout_seconds);
  static constexpr std::size_t kMaxLine = 4096;

  // Closes the child's input, gives it grace_seconds to exit, then kills its
  // process group; reaps it. Returns a description of how it ended: "exit
  // status N" or "killed by signal N". Later calls return the same text.
  std::string finish(double grace_seconds);

 private:
  pid_t pid_ = -1;
  int to_child_ = -1;    // the write end of the child's standard input
  int from_child_ = -1;  // the read end of the child's standard output
  std::string buffer_;   // read but not yet returned
  bool eof_ = false;
  std::string ending_;  // set by finish()
};

}  // namespace dvonn::protocol
