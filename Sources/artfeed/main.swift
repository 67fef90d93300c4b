Artfeed.main()
