// What the stores throw when the database cannot be used or holds what is
// not a valid game; the API answers it with a storage error.
#pragma once

#include <stdexcept>

namespace dvonn::server {

struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A stored game that cannot be replayed (a move that is not legal, a start
// that is not a position): the database works, this one game does not. The
// API answers it with a 500 too (the game exists; "no such game" would be
// wrong), while start-up skips the game instead of failing.
struct DamagedGame : StoreError {
  using StoreError::StoreError;
};

}  // namespace dvonn::server
