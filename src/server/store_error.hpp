// What the stores throw when the database cannot be used or holds what is
// not a valid game; the API answers it with a storage error.
#pragma once

#include <stdexcept>

namespace dvonn::server {

struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace dvonn::server
