// Keyboard and mouse input of the viewer window, gathered from GLFW
// callbacks (through the window's user pointer, so no global state) into
// an ordered queue of actions plus accumulated mouse-look and wheel motion.
#pragma once

#include "viewer/FlyCamera.h"
#include "viewer/ViewerAction.h"

#include <glm/vec2.hpp>

#include <deque>
#include <functional>
#include <optional>

struct GLFWwindow;

namespace app {

// How far the cursor may move between the press and the release of a click.
inline constexpr double kClickSlopPixels = 4.0;

}  // namespace app

namespace app {

// The action a key press asks for, if any (GLFW key code and modifier
// bits): with Ctrl, only Ctrl+S (save the recorded path).
std::optional<viewer::ViewerAction> actionForKey(int glfwKey, int glfwMods = 0);

// Whether the overlay currently wants the keyboard / mouse for itself.
struct InputCapture {
    std::function<bool()> keyboard;
    std::function<bool()> mouse;
};

// Installs its callbacks on the window (install it before the overlay, so
// the overlay chains to them) and must outlive their use.
class WindowInput {
public:
    WindowInput(GLFWwindow* window, InputCapture capture);
    ~WindowInput();
    WindowInput(const WindowInput&) = delete;
    WindowInput& operator=(const WindowInput&) = delete;

    // Actions in the order their keys were pressed.
    [[nodiscard]] std::deque<viewer::ViewerAction>& actions() { return actions_; }
    // The movement keys held now (none while the overlay has the keyboard).
    [[nodiscard]] viewer::MovementKeys movementKeys() const;
    // Mouse motion (pixels, x right, y down) while the right button was held,
    // since the last call.
    glm::dvec2 takeLookMotion();
    // Wheel notches since the last call (positive: away from the user).
    double takeWheelSteps();
    // Whether the framebuffer changed size since the last call.
    bool takeResized();
    // The last click (the left button pressed and released within a few
    // pixels, the overlay not wanting the mouse) since the last call.
    struct Click {
        glm::dvec2 pixel{0.0};  // framebuffer pixels
        bool shift = false;     // Shift held: a point of the measured path
    };
    std::optional<Click> takeClick();

private:
    static WindowInput& from(GLFWwindow* window);
    static void onKey(GLFWwindow* window, int key, int scancode, int action, int mods);
    static void onMouseButton(GLFWwindow* window, int button, int action, int mods);
    void noteLeftButton(int action, int mods);
    static void onCursorPosition(GLFWwindow* window, double x, double y);
    static void onScroll(GLFWwindow* window, double xOffset, double yOffset);
    static void onFramebufferSize(GLFWwindow* window, int width, int height);

    GLFWwindow* window_;
    InputCapture capture_;
    std::deque<viewer::ViewerAction> actions_;
    bool looking_ = false;
    bool hasCursor_ = false;
    glm::dvec2 lastCursor_{0.0};
    glm::dvec2 lookMotion_{0.0};
    double wheelSteps_ = 0.0;
    bool resized_ = false;
    std::optional<glm::dvec2> pressedAt_;  // the left button's press, in window coordinates
    std::optional<Click> click_;
};

}  // namespace app
