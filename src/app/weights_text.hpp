// The evaluation weights as text, for tuning experiments: the movement
// model's weights, a slash, the placement model's, each a comma-separated
// list of integers in feature order. `dvonn tune` writes it, `--weights`
// options read it; both go through here so they cannot drift apart.
#pragma once

#include <string>

#include "engine/evaluation.hpp"

namespace dvonn::app {

// Throws InputError saying what is wrong with the text.
engine::Weights parse_weights(const std::string& text);
// The text parse_weights reads back.
std::string format_weights_text(const engine::Weights& weights);

}  // namespace dvonn::app
