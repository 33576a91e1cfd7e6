// `dvonn serve` refuses bad engine bounds and metrics tokens before it opens
// anything.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "program_test_support.hpp"

namespace dvonn {
namespace {

using ::testing::HasSubstr;

TEST(ServeOptionsTest, BadEngineBoundsAreRefusedWithTheOptionsName) {
  for (const std::string option : {"--engine-jobs-per-account", "--engine-jobs-per-address"}) {
    for (const std::string value : {"0", "many"}) {
      test::CommandResult r =
          test::run_command(test::dvonn_command("serve --db /nonexistent/dir/x.db " + option + " " + value + " 2>&1"));
      EXPECT_NE(r.exit_code, 0) << option << " " << value;
      EXPECT_THAT(r.output, HasSubstr(option)) << r.output;
      EXPECT_THAT(r.output, ::testing::Not(HasSubstr("listening"))) << r.output;
    }
  }
}

TEST(ServeOptionsTest, BadAccountLimitsAreRefusedWithTheOptionsName) {
  for (const std::string option : {"--signups-per-hour", "--guests-per-hour", "--http-rate"}) {
    for (const std::string value : {"-1", "many"}) {
      test::CommandResult r =
          test::run_command(test::dvonn_command("serve --db /nonexistent/dir/x.db " + option + " " + value + " 2>&1"));
      EXPECT_NE(r.exit_code, 0) << option << " " << value;
      EXPECT_THAT(r.output, HasSubstr(option)) << r.output;
    }
  }
}

TEST(ServeOptionsTest, AMetricsTokenFileMustHoldOneLongWord) {
  const std::string file = ::testing::TempDir() + "dvonn-metrics-token";
  for (const std::string content : {"", "short", "two words but long enough"}) {
    test::run_command("printf '%s' '" + content + "' > " + file);
    test::CommandResult r = test::run_command(
        test::dvonn_command("serve --port 0 --db /nonexistent/dir/x.db --metrics-token-file " + file + " 2>&1"));
    EXPECT_EQ(r.exit_code, 2) << content << ": " << r.output;
    EXPECT_THAT(r.output, HasSubstr("metrics token")) << r.output;
  }
  test::CommandResult missing =
      test::run_command(test::dvonn_command("serve --db x.db --metrics-token-file /nonexistent/token 2>&1"));
  EXPECT_NE(missing.exit_code, 0);
  EXPECT_THAT(missing.output, HasSubstr("--metrics-token-file")) << missing.output;
}

}  // namespace
}  // namespace dvonn
