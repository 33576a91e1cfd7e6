#include "server/tournaments/round_robin_schedule.hpp"

namespace dvonn::server {

// Not yet: the first commit only fixes the interface.
std::vector<std::vector<Pairing>> round_robin_schedule(const std::vector<std::int64_t>&) { return {}; }

}  // namespace dvonn::server
