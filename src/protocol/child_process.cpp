#include "protocol/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace dvonn::protocol {
namespace {

using Clock = std::chrono::steady_clock;

std::runtime_error system_error(const std::string& what) {
  return std::runtime_error(what + ": " + std::strerror(errno));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// A child that dies while we write to it must not kill the whole referee
// with SIGPIPE; write() then fails with EPIPE, which we report instead.
void ignore_sigpipe_once() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "status " + std::to_string(status);
}

}  // namespace

ChildProcess::ChildProcess(const std::string& command, const std::string& stderr_path) {
  ignore_sigpipe_once();
  // Every descriptor is close-on-exec, so that a child started by another
  // thread at the same moment cannot inherit our pipe ends (it would keep
  // them open and hide this child's end of input).
  int in_pipe[2], out_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) != 0) throw system_error("cannot create a pipe");
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
    ::close(in_pipe[0]);
    ::close(in_pipe[1]);
    throw system_error("cannot create a pipe");
  }
  const char* err_path = stderr_path.empty() ? "/dev/null" : stderr_path.c_str();
  int err_fd = ::open(err_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (err_fd < 0) {
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) ::close(fd);
    throw system_error("cannot open " + std::string(err_path));
  }
  pid_t pid = ::fork();
  if (pid == 0) {
    // In the child only async-signal-safe calls until exec.
    ::setpgid(0, 0);
    ::signal(SIGPIPE, SIG_DFL);
    ::dup2(in_pipe[0], 0);
    ::dup2(out_pipe[1], 1);
    ::dup2(err_fd, 2);
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int fork_errno = errno;
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_fd);
  if (pid < 0) {
    ::close(in_pipe[1]);
    ::close(out_pipe[0]);
    errno = fork_errno;
    throw system_error("cannot start " + command);
  }
  // Also set here: whichever of parent and child runs first, the group
  // exists before we might signal it.
  ::setpgid(pid, pid);
  pid_ = pid;
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
}

ChildProcess::~ChildProcess() { finish(0); }

bool ChildProcess::write_line(const std::string& text) {
  if (to_child_ < 0) return false;
  std::string data = text + "\n";
  const char* p = data.data();
  size_t left = data.size();
  while (left > 0) {
    ssize_t n = ::write(to_child_, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  return true;
}

ChildProcess::Read ChildProcess::read_line(std::string& line, double timeout_seconds) {
  auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(std::max(0.0, timeout_seconds)));
  while (true) {
    size_t eol = buffer_.find('\n');
    if (eol != std::string::npos || buffer_.size() >= kMaxLine) {
      size_t cut = eol != std::string::npos ? eol : kMaxLine;
      line = buffer_.substr(0, cut);
      buffer_.erase(0, eol != std::string::npos ? cut + 1 : cut);
      return Read::Line;
    }
    if (eof_ || from_child_ < 0) return Read::EndOfFile;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left < 0) return Read::Timeout;
    pollfd pfd{from_child_, POLLIN, 0};
    int ready = ::poll(&pfd, 1, static_cast<int>(std::min<long long>(left + 1, 1 << 30)));
    if (ready < 0) {
      if (errno == EINTR) continue;
      throw system_error("poll failed");
    }
    if (ready == 0) {
      if (Clock::now() >= deadline) return Read::Timeout;
      continue;
    }
    char chunk[4096];
    ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      eof_ = true;
    } else if (n == 0) {
      eof_ = true;
    } else {
      buffer_.append(chunk, static_cast<size_t>(n));
    }
  }
}

std::string ChildProcess::finish(double grace_seconds) {
  if (pid_ < 0) return ending_;
  close_fd(to_child_);
  // Wait for the exit without reaping (WNOWAIT): while the leader is an
  // unreaped zombie its process group id cannot be reused, so killing the
  // group afterwards cannot hit an unrelated process.
  auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(std::max(0.0, grace_seconds)));
  siginfo_t info{};
  while (true) {
    info.si_pid = 0;
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0 && errno != EINTR) break;
    if (info.si_pid != 0 || Clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ::kill(-pid_, SIGKILL);  // the leader if it still runs, and anything it left behind
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  ending_ = describe_status(status);
  close_fd(from_child_);
  pid_ = -1;
  return ending_;
}

}  // namespace dvonn::protocol
