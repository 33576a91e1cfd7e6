// The evaluation weights as text, for tuning experiments: the movement
// model's weights, a slash, the placement model's, each a comma-separated
// list of integers in the order `dvonn tune` prints them.
#pragma once

#include <string>

#include "engine/evaluation.hpp"

namespace dvonn::app {

// Throws InputError saying what is wrong with the text.
engine::Weights parse_weights(const std::string& text);

}  // namespace dvonn::app
