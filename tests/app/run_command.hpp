// Runs the built `dvonn` program in a shell and captures what it prints,
// standard output and standard error as the shell merged them.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdio>
#include <string>

#include "program_test_support.hpp"

namespace dvonn::test {

// stdin_text (if any) is the program's standard input, else /dev/null.
inline CommandResult run_dvonn(const std::string& args, const std::string& stdin_text = "") {
  std::string cmd = dvonn_command(args) + " 2>&1";
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
  CommandResult r = run_command(cmd);
  if (!input_file.empty()) std::remove(input_file.c_str());
  return r;
}

// A command that must be refused: a non-zero exit code and, when `says` is
// given, output that contains it (what was wrong).
inline ::testing::AssertionResult refused(const std::string& args, const std::string& says = "") {
  const CommandResult r = run_dvonn(args);
  if (r.exit_code == 0) return ::testing::AssertionFailure() << "dvonn " << args << " succeeded:\n" << r.output;
  if (!says.empty() && r.output.find(says) == std::string::npos)
    return ::testing::AssertionFailure() << "dvonn " << args << " did not say \"" << says << "\":\n" << r.output;
  return ::testing::AssertionSuccess();
}

// The first line the program printed (a CodeCup player's first move).
inline std::string first_line(const CommandResult& r) { return r.output.substr(0, r.output.find('\n')); }

}  // namespace dvonn::test
