// The program's version and the git commit it was built from.
#pragma once

namespace dvonn::app {

// "dvonn 0.1.0 (commit abc1234)", what `dvonn --version` prints. Defined in
// a file generated at every build (cmake/version.cmake).
const char* version_string();

}  // namespace dvonn::app
