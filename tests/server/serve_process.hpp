// A `dvonn serve` child process on a free port, for the tests of the real
// binary (signals, durability).
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <regex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace dvonn::server::testing {

// A `dvonn serve` child process on a free port.
class ServeProcess {
 public:
  ServeProcess(const std::string& db, const std::string& web_root = "", const std::vector<std::string>& extra = {}) {
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      std::vector<std::string> args = {DVONN_BINARY, "serve", "--port", "0", "--db", db};
      if (!web_root.empty()) args.insert(args.end(), {"--web-root", web_root});
      args.insert(args.end(), extra.begin(), extra.end());
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(out[1]);
    stdout_ = fdopen(out[0], "r");
    // The first line says where to connect: "dvonn: open http://127.0.0.1:PORT/".
    char line[256] = {};
    if (!fgets(line, sizeof line, stdout_)) throw std::runtime_error("dvonn serve printed nothing");
    first_line_ = line;
    std::smatch m;
    if (std::regex_search(first_line_, m, std::regex(R"(http://127\.0\.0\.1:(\d+)/)")))
      port_ = static_cast<unsigned short>(std::stoi(m[1]));
  }
  ~ServeProcess() {
    if (pid_ > 0) kill(SIGKILL);
    if (stdout_) fclose(stdout_);
  }
  unsigned short port() const { return port_; }
  const std::string& first_line() const { return first_line_; }
  // Sends a signal and waits for the exit; returns the wait status.
  int kill(int signal) {
    ::kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
  }
  // Sends a signal and waits at most `seconds` for the exit; the wait
  // status, or -1 when it did not exit (it is then killed).
  int stop(int signal, double seconds) {
    ::kill(pid_, signal);
    auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    int status = 0;
    while (waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > until) {
        kill(SIGKILL);
        return -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    pid_ = -1;
    return status;
  }

 private:
  pid_t pid_ = -1;
  FILE* stdout_ = nullptr;
  std::string first_line_;
  unsigned short port_ = 0;
};

}  // namespace dvonn::server::testing
