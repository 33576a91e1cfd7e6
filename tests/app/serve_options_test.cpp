// `dvonn serve` refuses bad engine bounds before it opens anything.
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

}  // namespace
}  // namespace dvonn
