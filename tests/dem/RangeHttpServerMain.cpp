// range-http-server: the tests' HTTP file server (RangeHttpServer) as a
// program, for scripts that need a local server, such as scripts/soak.sh
// --remote.
//
//   range-http-server FOLDER [--drop-one-in N]
//
// Serves FOLDER on 127.0.0.1 at a port the system picks, prints that port
// on a line of its own, and serves until SIGTERM or SIGINT. With
// --drop-one-in N, one range request in N has its connection closed without
// an answer.
#include "RangeHttpServer.h"

#include <csignal>
#include <exception>
#include <iostream>
#include <string>

namespace {

int usage()
{
    std::cerr << "usage: range-http-server FOLDER [--drop-one-in N]\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 2 && argc != 4) {
        return usage();
    }
    std::size_t dropOneIn = 0;
    if (argc == 4) {
        if (std::string(argv[2]) != "--drop-one-in") {
            return usage();
        }
        try {
            dropOneIn = std::stoul(argv[3]);
        } catch (const std::exception&) {
            return usage();
        }
        if (dropOneIn == 0) {
            return usage();
        }
    }
    // Wait for the signals in sigwait rather than die of them.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
    try {
        dem_test::RangeHttpServer server(argv[1]);
        if (dropOneIn > 0) {
            server.misbehaveFrom(0, dem_test::RangeHttpServer::RangeFault::Drop, dropOneIn);
        }
        std::cout << server.port() << std::endl;
        int received = 0;
        sigwait(&stopSignals, &received);
        std::cerr << "range-http-server: served " << server.requestCount() << " requests, dropped "
                  << server.faultCount() << "\n";
    } catch (const std::exception& error) {
        std::cerr << "range-http-server: " << error.what() << "\n";
        return 1;
    }
    return 0;
}
