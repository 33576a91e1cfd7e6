#include "app/weights_text.hpp"

#include <sstream>

#include "app/position_source.hpp"

namespace dvonn::app {

engine::Weights parse_weights(const std::string& text) {
  engine::Weights w = engine::default_weights();
  auto slash = text.find('/');
  if (slash == std::string::npos) throw InputError("weights must be MOVEMENT/PLACEMENT lists: " + text);
  auto read = [&](const std::string& part, auto& out) {
    std::istringstream in(part);
    std::string item;
    std::size_t i = 0;
    while (std::getline(in, item, ',')) {
      if (i >= out.size()) throw InputError("too many weights in " + part);
      try {
        out[i++] = std::stoi(item);
      } catch (const std::exception&) {
        throw InputError("not a number in the weights: " + item);
      }
    }
    if (i != out.size()) throw InputError("expected " + std::to_string(out.size()) + " weights in " + part);
  };
  read(text.substr(0, slash), w.move);
  read(text.substr(slash + 1), w.place);
  return w;
}

std::string format_weights_text(const engine::Weights& weights) {
  std::string text;
  auto write = [&text](const auto& list) {
    for (std::size_t i = 0; i < list.size(); ++i) text += (i ? "," : "") + std::to_string(list[i]);
  };
  write(weights.move);
  text += "/";
  write(weights.place);
  return text;
}

}  // namespace dvonn::app
