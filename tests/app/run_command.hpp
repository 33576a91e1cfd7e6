// Runs the built `dvonn` program in a shell and captures what it prints.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace dvonn::test {

struct CommandResult {
  int exit_code = -1;
  std::string out;  // standard output and standard error, as the shell merged them
};

inline CommandResult run_dvonn(const std::string& args, const std::string& stdin_text = "") {
  std::string cmd = std::string(DVONN_BINARY) + " " + args + " 2>&1";
  std::string input_file;
  if (!stdin_text.empty()) {
    char name[] = "/tmp/dvonn-test-inputXXXXXX";
    int fd = mkstemp(name);
    FILE* f = fdopen(fd, "w");
    std::fputs(stdin_text.c_str(), f);
    std::fclose(f);
    input_file = name;
    cmd += " < " + input_file;
  } else {
    cmd += " < /dev/null";
  }
  CommandResult r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (!input_file.empty()) std::remove(input_file.c_str());
  return r;
}

}  // namespace dvonn::test
