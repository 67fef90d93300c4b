// Thread CPU time of a 4000x3000 JPEG decoded at 1/4 scale (libjpeg, the settings of
// artfeed_jpeg_decode_band): whole on one thread, then in two bands on two threads (the top
// rows decoded; the rest after jpeg_skip_scanlines). CPU time per thread is what a free
// core would give as wall time, whatever the machine's load; the wall time is printed too.
// Build and run: gcc -O2 -o /tmp/bands Benchmarks/PixelBenchmark/bands.c -ljpeg -lpthread
//   && /tmp/bands PHOTO.jpg [FIFTHS]   (PHOTO: pixelbench.py's big_picture, 4000x3000)
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <pthread.h>
#include <jpeglib.h>
static unsigned char*d;static long n;
static double cpu(){struct timespec t;clock_gettime(CLOCK_THREAD_CPUTIME_ID,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
static double wall(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
typedef struct{int first,end;double ms;}band;
static void*run(void*p){band*b=p;double t0=cpu();
 struct jpeg_decompress_struct c;struct jpeg_error_mgr e;c.err=jpeg_std_error(&e);
 jpeg_create_decompress(&c);jpeg_mem_src(&c,d,n);jpeg_read_header(&c,1);
 c.scale_num=2;c.scale_denom=8;c.out_color_space=JCS_EXT_RGBA;c.dct_method=JDCT_IFAST;c.do_fancy_upsampling=0;
 jpeg_start_decompress(&c);int W=c.output_width,H=c.output_height;if(b->end<0)b->end=H;unsigned char*row=malloc(W*4);
 if(b->first>0)jpeg_skip_scanlines(&c,b->first);
 while((int)c.output_scanline<b->end){JSAMPROW r=row;jpeg_read_scanlines(&c,&r,1);}
 jpeg_abort_decompress(&c);jpeg_destroy_decompress(&c);free(row);b->ms=cpu()-t0;return 0;}
int main(int argc,char**argv){FILE*f=fopen(argv[1],"rb");fseek(f,0,2);n=ftell(f);rewind(f);d=malloc(n);fread(d,1,n,f);
 int fifths=argc>2?atoi(argv[2]):4,H=750,split=H*fifths/5/32*32;
 for(int rep=0;rep<5;rep++){
  band all={0,-1,0};run(&all);
  band a={0,split,0},b={split,-1,0};pthread_t ta,tb;double w0=wall();
  pthread_create(&ta,0,run,&a);pthread_create(&tb,0,run,&b);pthread_join(ta,0);pthread_join(tb,0);double w=wall()-w0;
  printf("single %.1f ms CPU; bands: top %.1f + rest %.1f ms CPU (max %.1f, %.2f of single; total %.2fx); wall %.1f\n",all.ms,a.ms,b.ms,a.ms>b.ms?a.ms:b.ms,(a.ms>b.ms?a.ms:b.ms)/all.ms,(a.ms+b.ms)/all.ms,w);
 }}
