public enum TUIPlaceholder {}
