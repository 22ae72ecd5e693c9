#include "viewer/VideoOutput.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <sstream>

extern char** environ;

namespace viewer {
namespace {

std::string formatNumber(double value)
{
    std::ostringstream text;
    text << std::setprecision(10) << value;
    return text.str();
}

// The last line ffmpeg wrote to its log, or a word on how it ended.
std::string lastLogLine(const std::filesystem::path& log, int status)
{
    std::ifstream stream(log);
    std::string line;
    std::string last;
    while (std::getline(stream, line)) {
        if (!line.empty()) {
            last = line;
        }
    }
    if (!last.empty()) {
        return last;
    }
    if (WIFSIGNALED(status)) {
        return "it ended on signal " + std::to_string(WTERMSIG(status));
    }
    return "it exited with status " + std::to_string(WEXITSTATUS(status));
}

// Writes all of `bytes` to `descriptor`: false on an error (a closed pipe).
bool writeAll(int descriptor, const std::uint8_t* bytes, std::size_t size)
{
    while (size > 0) {
        const ssize_t written = ::write(descriptor, bytes, size);
        if (written < 0 && errno == EINTR) {
            continue;
        }
        if (written <= 0) {
            return false;
        }
        bytes += written;
        size -= static_cast<std::size_t>(written);
    }
    return true;
}

}  // namespace

std::optional<VideoFormat> videoFormatOf(const std::filesystem::path& output)
{
    const std::string text = output.string();
    if (std::filesystem::is_directory(output) || (!text.empty() && text.back() == '/') || !output.has_extension()) {
        return VideoFormat::PngFolder;
    }
    const std::string extension = output.extension().string();
    if (extension == ".mp4") {
        return VideoFormat::Mp4;
    }
    if (extension == ".mkv") {
        return VideoFormat::Matroska;
    }
    if (extension == ".webm") {
        return VideoFormat::WebM;
    }
    return std::nullopt;
}

std::optional<std::string> videoOutputProblem(const std::filesystem::path& output, std::uint32_t width,
                                              std::uint32_t height)
{
    const std::optional<VideoFormat> format = videoFormatOf(output);
    if (!format) {
        return output.string() +
               ": a video is .mp4 (H.264), .mkv (H.264), .webm (VP9) or a folder for numbered "
               "PNGs, not " +
               output.extension().string();
    }
    if (*format != VideoFormat::PngFolder && (width % 2 != 0 || height % 2 != 0)) {
        return output.string() + ": the video's frames need an even width and height (4:2:0 colour), got " +
               std::to_string(width) + "x" + std::to_string(height);
    }
    return std::nullopt;
}

std::vector<std::string> ffmpegArguments(const std::filesystem::path& output, VideoFormat format, std::uint32_t width,
                                         std::uint32_t height, double framesPerSecond, int quality)
{
    std::vector<std::string> arguments{"ffmpeg",
                                       "-hide_banner",
                                       "-loglevel",
                                       "error",
                                       "-y",
                                       "-f",
                                       "rawvideo",
                                       "-pix_fmt",
                                       "rgba",
                                       "-s",
                                       std::to_string(width) + "x" + std::to_string(height),
                                       "-framerate",
                                       formatNumber(framesPerSecond),
                                       "-i",
                                       "-"};
    if (format == VideoFormat::WebM) {
        arguments.insert(arguments.end(),
                         {"-c:v", "libvpx-vp9", "-crf", std::to_string(quality), "-b:v", "0", "-row-mt", "1"});
    } else {
        arguments.insert(arguments.end(), {"-c:v", "libx264", "-preset", "medium", "-crf", std::to_string(quality)});
    }
    arguments.insert(arguments.end(), {"-pix_fmt", "yuv420p"});
    if (format == VideoFormat::Mp4) {
        arguments.insert(arguments.end(), {"-movflags", "+faststart"});
    }
    arguments.push_back(output.string());
    return arguments;
}

VideoWriter::VideoWriter(std::filesystem::path output, std::uint32_t width, std::uint32_t height,
                         double framesPerSecond, int quality)
    : output_(std::move(output)),
      width_(width),
      height_(height)
{
    if (const std::optional<std::string> problem = videoOutputProblem(output_, width, height)) {
        throw VideoError(*problem);
    }
    format_ = *videoFormatOf(output_);
    if (format_ == VideoFormat::PngFolder) {
        std::error_code error;
        std::filesystem::create_directories(output_, error);
        if (error) {
            throw VideoError(output_.string() + ": cannot make the folder for the frames: " + error.message());
        }
    } else {
        if (!std::ofstream(output_, std::ios::binary)) {
            throw VideoError(output_.string() + ": cannot write the video: " + std::strerror(errno));
        }
        log_ = output_;
        log_ += ".ffmpeg.log";
        int pipeEnds[2];
        if (::pipe2(pipeEnds, O_CLOEXEC) != 0) {
            throw VideoError(output_.string() + ": cannot start the encoder: " + std::strerror(errno));
        }
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], STDIN_FILENO);
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
        // Its own process group (Ctrl+C reaches the viewer alone), every
        // signal unblocked and at its default.
        posix_spawnattr_t attributes;
        posix_spawnattr_init(&attributes);
        sigset_t none;
        sigemptyset(&none);
        sigset_t defaults;
        sigemptyset(&defaults);
        sigaddset(&defaults, SIGPIPE);
        sigaddset(&defaults, SIGINT);
        posix_spawnattr_setsigmask(&attributes, &none);
        posix_spawnattr_setsigdefault(&attributes, &defaults);
        posix_spawnattr_setpgroup(&attributes, 0);
        posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        const std::vector<std::string> arguments =
            ffmpegArguments(output_, format_, width, height, framesPerSecond, quality);
        std::vector<char*> argv;
        for (const std::string& argument : arguments) {
            argv.push_back(const_cast<char*>(argument.c_str()));
        }
        argv.push_back(nullptr);
        const int spawned = posix_spawnp(&encoder_, "ffmpeg", &actions, &attributes, argv.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
        ::close(pipeEnds[0]);
        if (spawned != 0) {
            ::close(pipeEnds[1]);
            encoder_ = -1;
            throw VideoError(output_.string() + ": cannot start ffmpeg to encode the video: " + std::strerror(spawned) +
                             " (Debian package ffmpeg, scripts/setup-debian.sh)");
        }
        encoderInput_ = pipeEnds[1];
    }
    writer_ = std::thread([this] { writeFrames(); });
}

VideoWriter::~VideoWriter()
{
    try {
        finish();
    } catch (const VideoError&) {
        // The owner that wanted to know called finish() itself.
    }
}

void VideoWriter::addFrame(Rgba8Image frame)
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return queue_.size() < 3 || failure_.has_value(); });
    if (failure_) {
        throw VideoError(*failure_);
    }
    queue_.push_back(std::move(frame));
    changed_.notify_all();
}

std::size_t VideoWriter::framesWritten() const
{
    const std::lock_guard lock(mutex_);
    return written_;
}

void VideoWriter::writeFrames()
{
    // A closed pipe makes write() fail with EPIPE here instead of ending
    // the process.
    sigset_t pipeSignal;
    sigemptyset(&pipeSignal);
    sigaddset(&pipeSignal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipeSignal, nullptr);
    for (;;) {
        Rgba8Image frame;
        std::size_t index = 0;
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [this] { return !queue_.empty() || closing_; });
            if (queue_.empty() || failure_) {
                return;
            }
            frame = std::move(queue_.front());
            queue_.pop_front();
            index = written_;
        }
        try {
            writeFrame(frame, index);
        } catch (const VideoError& error) {
            const std::lock_guard lock(mutex_);
            failure_ = error.what();
            changed_.notify_all();
            return;
        }
        const std::lock_guard lock(mutex_);
        ++written_;
        changed_.notify_all();
    }
}

void VideoWriter::writeFrame(const Rgba8Image& frame, std::size_t index)
{
    if (frame.width != width_ || frame.height != height_) {
        throw VideoError(output_.string() + ": a frame of " + std::to_string(frame.width) + "x" +
                         std::to_string(frame.height) + " in a video of " + std::to_string(width_) + "x" +
                         std::to_string(height_));
    }
    if (format_ == VideoFormat::PngFolder) {
        std::ostringstream name;
        name << "frame-" << std::setw(6) << std::setfill('0') << index << ".png";
        try {
            writePng(output_ / name.str(), frame);
        } catch (const std::runtime_error& error) {
            throw VideoError(error.what());
        }
        return;
    }
    if (!writeAll(encoderInput_, frame.pixels.data(), frame.pixels.size())) {
        throw VideoError(output_.string() + ": ffmpeg stopped taking frames");
    }
}

void VideoWriter::finish()
{
    if (finished_) {
        return;
    }
    finished_ = true;
    {
        const std::lock_guard lock(mutex_);
        closing_ = true;
        changed_.notify_all();
    }
    if (writer_.joinable()) {
        writer_.join();
    }
    if (encoderInput_ >= 0) {
        ::close(encoderInput_);
        encoderInput_ = -1;
    }
    std::optional<std::string> failure;
    {
        const std::lock_guard lock(mutex_);
        failure = failure_;
    }
    if (encoder_ > 0) {
        int status = 0;
        while (::waitpid(encoder_, &status, 0) < 0 && errno == EINTR) {
        }
        encoder_ = -1;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            failure = output_.string() + ": ffmpeg could not encode the video: " + lastLogLine(log_, status);
        }
        std::error_code ignored;
        std::filesystem::remove(log_, ignored);
    }
    if (failure) {
        throw VideoError(*failure);
    }
}

}  // namespace viewer
