// The core's parsers return false (or nullopt) on bad input and, when the
// caller passes a string for it, say why there; this is the one place that
// writes it.
#pragma once

#include <string>
#include <utility>

namespace dvonn::detail {

// Sets *error to message when error is not null; returns false, so a parser
// can `return fail(error, "...")`.
inline bool fail(std::string* error, std::string message) {
  if (error) *error = std::move(message);
  return false;
}

}  // namespace dvonn::detail
