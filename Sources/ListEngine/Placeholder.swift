public enum ListEnginePlaceholder {}
