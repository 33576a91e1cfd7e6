#include "app/commands.hpp"

int main(int argc, char** argv) { return dvonn::app::run_dvonn(argc, argv); }
