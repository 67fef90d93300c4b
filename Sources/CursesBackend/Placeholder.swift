import CNCurses
import TUI

public enum CursesPlaceholder {}
