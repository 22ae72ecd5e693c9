#include "app/WindowInput.h"

#include <glm/geometric.hpp>

#include <GLFW/glfw3.h>

#include <algorithm>

namespace app {

std::optional<viewer::ViewerAction> actionForKey(int glfwKey, int glfwMods)
{
    if ((glfwMods & GLFW_MOD_CONTROL) != 0) {
        return glfwKey == GLFW_KEY_S ? std::optional(viewer::ViewerAction::SaveKeyframes) : std::nullopt;
    }
    switch (glfwKey) {
        case GLFW_KEY_F: return viewer::ViewerAction::ToggleWireframe;
        case GLFW_KEY_SPACE: return viewer::ViewerAction::ToggleFreeze;
        case GLFW_KEY_F1: return viewer::ViewerAction::ToggleOverlay;
        case GLFW_KEY_F12: return viewer::ViewerAction::Screenshot;
        case GLFW_KEY_R: return viewer::ViewerAction::ReloadShaders;
        case GLFW_KEY_HOME: return viewer::ViewerAction::ResetCamera;
        case GLFW_KEY_ESCAPE: return viewer::ViewerAction::Quit;
        case GLFW_KEY_LEFT_BRACKET: return viewer::ViewerAction::LowerSun;
        case GLFW_KEY_RIGHT_BRACKET: return viewer::ViewerAction::RaiseSun;
        case GLFW_KEY_K: return viewer::ViewerAction::AddKeyframe;
        case GLFW_KEY_P: return viewer::ViewerAction::PlayKeyframes;
        default: return std::nullopt;
    }
}

WindowInput::WindowInput(GLFWwindow* window, InputCapture capture) : window_(window), capture_(std::move(capture))
{
    glfwSetWindowUserPointer(window_, this);
    glfwSetKeyCallback(window_, &WindowInput::onKey);
    glfwSetMouseButtonCallback(window_, &WindowInput::onMouseButton);
    glfwSetCursorPosCallback(window_, &WindowInput::onCursorPosition);
    glfwSetScrollCallback(window_, &WindowInput::onScroll);
    glfwSetFramebufferSizeCallback(window_, &WindowInput::onFramebufferSize);
}

WindowInput::~WindowInput()
{
    glfwSetKeyCallback(window_, nullptr);
    glfwSetMouseButtonCallback(window_, nullptr);
    glfwSetCursorPosCallback(window_, nullptr);
    glfwSetScrollCallback(window_, nullptr);
    glfwSetFramebufferSizeCallback(window_, nullptr);
    glfwSetWindowUserPointer(window_, nullptr);
}

WindowInput& WindowInput::from(GLFWwindow* window)
{
    return *static_cast<WindowInput*>(glfwGetWindowUserPointer(window));
}

viewer::MovementKeys WindowInput::movementKeys() const
{
    viewer::MovementKeys keys;
    if (capture_.keyboard && capture_.keyboard()) {
        return keys;
    }
    const auto held = [this](int key) { return glfwGetKey(window_, key) == GLFW_PRESS; };
    // Ctrl+S saves the recorded path: Ctrl holds the camera still.
    if (held(GLFW_KEY_LEFT_CONTROL) || held(GLFW_KEY_RIGHT_CONTROL)) {
        return keys;
    }
    keys.forward = held(GLFW_KEY_W);
    keys.backward = held(GLFW_KEY_S);
    keys.left = held(GLFW_KEY_A);
    keys.right = held(GLFW_KEY_D);
    keys.down = held(GLFW_KEY_Q);
    keys.up = held(GLFW_KEY_E);
    keys.fast = held(GLFW_KEY_LEFT_SHIFT) || held(GLFW_KEY_RIGHT_SHIFT);
    return keys;
}

glm::dvec2 WindowInput::takeLookMotion()
{
    const glm::dvec2 motion = lookMotion_;
    lookMotion_ = glm::dvec2(0.0);
    return motion;
}

double WindowInput::takeWheelSteps()
{
    const double steps = wheelSteps_;
    wheelSteps_ = 0.0;
    return steps;
}

bool WindowInput::takeResized()
{
    const bool resized = resized_;
    resized_ = false;
    return resized;
}

void WindowInput::onKey(GLFWwindow* window, int key, int /*scancode*/, int action, int mods)
{
    WindowInput& input = from(window);
    if (action != GLFW_PRESS || (input.capture_.keyboard && input.capture_.keyboard())) {
        return;
    }
    if (const std::optional<viewer::ViewerAction> viewerAction = actionForKey(key, mods)) {
        input.actions_.push_back(*viewerAction);
    }
}

void WindowInput::onMouseButton(GLFWwindow* window, int button, int action, int mods)
{
    WindowInput& input = from(window);
    if (button == GLFW_MOUSE_BUTTON_LEFT) {
        input.noteLeftButton(action, mods);
        return;
    }
    if (button != GLFW_MOUSE_BUTTON_RIGHT) {
        return;
    }
    if (action == GLFW_PRESS && !(input.capture_.mouse && input.capture_.mouse())) {
        input.looking_ = true;
        input.hasCursor_ = false;
        glfwSetInputMode(window, GLFW_CURSOR, GLFW_CURSOR_DISABLED);
    } else if (action == GLFW_RELEASE && input.looking_) {
        input.looking_ = false;
        glfwSetInputMode(window, GLFW_CURSOR, GLFW_CURSOR_NORMAL);
    }
}

void WindowInput::noteLeftButton(int action, int mods)
{
    double x = 0.0;
    double y = 0.0;
    glfwGetCursorPos(window_, &x, &y);
    const glm::dvec2 cursor{x, y};
    if (action == GLFW_PRESS) {
        pressedAt_ = capture_.mouse && capture_.mouse() ? std::nullopt : std::optional(cursor);
        return;
    }
    if (action != GLFW_RELEASE || !pressedAt_) {
        return;
    }
    const bool still = glm::length(cursor - *pressedAt_) <= kClickSlopPixels;
    pressedAt_.reset();
    if (!still) {
        return;
    }
    // Window coordinates to framebuffer pixels (they differ on scaled displays).
    int windowWidth = 0;
    int windowHeight = 0;
    int framebufferWidth = 0;
    int framebufferHeight = 0;
    glfwGetWindowSize(window_, &windowWidth, &windowHeight);
    glfwGetFramebufferSize(window_, &framebufferWidth, &framebufferHeight);
    if (windowWidth <= 0 || windowHeight <= 0) {
        return;
    }
    click_ = Click{glm::dvec2(cursor.x * framebufferWidth / windowWidth, cursor.y * framebufferHeight / windowHeight),
                   (mods & GLFW_MOD_SHIFT) != 0};
}

std::optional<WindowInput::Click> WindowInput::takeClick()
{
    std::optional<Click> click = click_;
    click_.reset();
    return click;
}

void WindowInput::onCursorPosition(GLFWwindow* window, double x, double y)
{
    WindowInput& input = from(window);
    const glm::dvec2 cursor{x, y};
    if (input.looking_ && input.hasCursor_) {
        input.lookMotion_ += cursor - input.lastCursor_;
    }
    input.lastCursor_ = cursor;
    input.hasCursor_ = true;
}

void WindowInput::onScroll(GLFWwindow* window, double /*xOffset*/, double yOffset)
{
    WindowInput& input = from(window);
    if (!(input.capture_.mouse && input.capture_.mouse())) {
        input.wheelSteps_ += yOffset;
    }
}

void WindowInput::onFramebufferSize(GLFWwindow* window, int /*width*/, int /*height*/)
{
    from(window).resized_ = true;
}

}  // namespace app
